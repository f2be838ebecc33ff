/* expected: memsafety=true, memcleanup=true, unreach-call=true — every list cell owns a heap int (int *val = malloc(sizeof(int))) holding 0 or 1; a walk checks each payload, then frees payload and cell */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

struct node {
    struct node *next;
    int *val;
};

static struct node *push(struct node *head, int bit)
{
    struct node *n = malloc(sizeof *n);
    if (!n) abort();
    n->val = malloc(sizeof(int));
    if (!n->val) abort();
    *n->val = bit ? 1 : 0;
    n->next = head;
    return n;
}

int main(void)
{
    struct node *head = NULL, *p;
    while (__VERIFIER_nondet_int())
        head = push(head, __VERIFIER_nondet_int());
    for (p = head; p != NULL; p = p->next) {
        if (*p->val != 0 && *p->val != 1)
            reach_error();
    }
    while (head != NULL) {
        p = head->next;
        free(head->val);
        free(head);
        head = p;
    }
    return 0;
}
