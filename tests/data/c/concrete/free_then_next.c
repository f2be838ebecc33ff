/* free(l) loses l's successors, and the next statement reads the freed cell: the run is first a
   use after free (valid-deref), as a leak check at the next library call would see it. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; };
int main(void)
{
    struct node *l = NULL, *p;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof *p);
        p->next = l;
        l = p;
    }
    if (l != NULL)
        free(l);
    while (l != NULL) {
        p = l;
        l = l->next;
        free(p);
    }
    return 0;
}
