/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — nested helpers with early returns; check() allocates a scratch cell and returns early without freeing it when the list is empty */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

struct node *find(struct node *h, int k)
{
    while (h != NULL) {
        if (h->data == k)
            return h;
        h = h->next;
    }
    return NULL;
}

int check(struct node *h)
{
    struct node *scratch = malloc(sizeof(struct node));
    scratch->next = h;
    if (h == NULL)
        return 0;
    struct node *f = find(h, 3);
    free(scratch);
    if (f == NULL)
        return 0;
    if (f->data != 3)
        return -1;
    return 1;
}

int main(void)
{
    struct node *head = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof(struct node));
        n->data = __VERIFIER_nondet_int() ? 1 : 3;
        n->next = head;
        head = n;
    }
    if (check(head) < 0)
        reach_error();
    while (head != NULL) {
        struct node *n = head->next;
        free(head);
        head = n;
    }
    return 0;
}
