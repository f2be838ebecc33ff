/* expected: memsafety=true, memcleanup=false, unreach-call=false — a list built by appending (data 0, 1, 2... from a counter) is reversed once through reverse(struct node **) and then its head is expected to be the first cell built: true only for lists of at most one cell, reach_error() with the list allocated otherwise */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

static void reverse(struct node **l)
{
    struct node *prev = NULL, *cur = *l;
    while (cur != NULL) {
        struct node *nx = cur->next;
        cur->next = prev;
        prev = cur;
        cur = nx;
    }
    *l = prev;
}

int main(void)
{
    struct node *head = NULL, *tail = NULL;
    int k = 0;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        n->data = k++;
        n->next = NULL;
        if (tail) tail->next = n; else head = n;
        tail = n;
    }
    struct node *first = head;
    reverse(&head);
    if (head != first)
        reach_error();
    while (head) {
        struct node *t = head->next;
        free(head);
        head = t;
    }
    return 0;
}
