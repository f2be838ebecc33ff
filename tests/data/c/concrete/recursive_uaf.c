/* A recursive destroy that reads a cell after freeing it: the interpreter follows recursion. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; };
void destroy(struct node *l)
{
    if (l == NULL)
        return;
    free(l);
    destroy(l->next);
}
int main(void)
{
    struct node *l = NULL, *p;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof *p);
        p->next = l;
        l = p;
    }
    destroy(l);
    return 0;
}
