/* expected: memsafety=false(valid-memtrack), memcleanup=true, unreach-call=true — each list cell owns a heap int; the second cell is made to share the first one's, losing its own (a leak, first on the run), and the destroy loop then frees the shared one twice */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int *val; };
int main(void)
{
    struct node *l = 0;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        n->val = malloc(sizeof(int));
        *n->val = 1;
        n->next = l;
        l = n;
    }
    if (l && l->next)
        l->next->val = l->val;
    while (l) {
        struct node *t = l->next;
        free(l->val);
        free(l);
        l = t;
    }
    return 0;
}
