/* expected: memsafety=true, memcleanup=false, unreach-call=false — cells given 5 in a loop before a value x is chosen with x > 3: a walk meets a cell equal to x when x is 5 (reach_error ends the run with the cells allocated) */
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
    __VERIFIER_assume(x > 3);
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
