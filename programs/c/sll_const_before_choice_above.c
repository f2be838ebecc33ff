/* expected: memsafety=true, memcleanup=true, unreach-call=true — as sll_const_before_choice.c, but x > 7: no cell given 5 is ever x, and every cell is freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
struct node { struct node *next; int d; };
int main(void)
{
    struct node *l = NULL, *p;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof *p);
        p->d = 5;
        p->next = l;
        l = p;
    }
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x > 7);
    for (p = l; p != NULL; p = p->next)
        if (p->d == x)
            reach_error();
    while (l != NULL) {
        p = l;
        l = l->next;
        free(p);
    }
    return 0;
}
