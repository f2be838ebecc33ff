/* A datum compared with an unsigned counter that wrapped around: -1 converts to UINT_MAX, so the
   error is reachable (found by a concrete run; the abstraction gives no witness). */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int d; };
int main(void)
{
    unsigned int *c = calloc(1, sizeof(unsigned int));
    struct node *l = malloc(sizeof *l);
    l->next = NULL;
    l->d = __VERIFIER_nondet_int();
    (*c)--;
    if (l->d >= c[0])
        reach_error();
    free(l);
    free(c);
    return 0;
}
