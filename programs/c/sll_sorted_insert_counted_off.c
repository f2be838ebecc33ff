/* expected: memsafety=true, memcleanup=false, unreach-call=false — sll_sorted_insert_counted.c checking cnt != len: the inserted cell is not in len, so every run calls reach_error() (and stops with the list allocated) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

struct node { struct node *next; int data; };

int main(void)
{
    struct node *l = NULL, *n, *p;
    struct node **pp;
    int len = 0, cnt = 0;

    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(struct node));
        n->data = __VERIFIER_nondet_int();
        n->next = l;
        l = n;
        len++;
    }
    for (p = l; p && p->next; p = p->next)
        __VERIFIER_assume(p->data <= p->next->data);

    n = malloc(sizeof(struct node));
    n->data = __VERIFIER_nondet_int();
    for (pp = &l; *pp != NULL && (*pp)->data < n->data; pp = &(*pp)->next)
        ;
    n->next = *pp;
    *pp = n;

    for (p = l; p != NULL; p = p->next) {
        cnt++;
        if (p->next && p->data > p->next->data)
            reach_error();
    }
    if (cnt != len)
        reach_error();
    while (l != NULL) {
        p = l;
        l = l->next;
        free(p);
    }
    return 0;
}
