/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list of any length, counted as it is built (len++) and assumed sorted, gets one nondet value inserted at its place through a pointer-to-pointer walk; then a walk checks the order and counts the cells (cnt++), and cnt != len + 1 calls reach_error(); freed */
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
    if (cnt != len + 1)
        reach_error();
    while (l != NULL) {
        p = l;
        l = l->next;
        free(p);
    }
    return 0;
}
