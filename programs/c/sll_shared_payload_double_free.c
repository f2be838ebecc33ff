/* expected: memsafety=false(valid-free), memcleanup=false, unreach-call=true — (memcleanup: no cell shares it, shared is never freed) a list of cells each pointing to a shared payload struct; the destroy loop frees each cell's payload, so the shared payload is freed twice when two cells share it */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct payload { int val; };
struct cell { struct cell *next; struct payload *p; };

int main(void)
{
    struct payload *shared = malloc(sizeof(struct payload));
    struct cell *l = NULL, *c;
    shared->val = 3;

    while (__VERIFIER_nondet_int()) {
        c = malloc(sizeof(struct cell));
        if (__VERIFIER_nondet_int()) {
            c->p = shared;
        } else {
            c->p = malloc(sizeof(struct payload));
            c->p->val = 4;
        }
        c->next = l;
        l = c;
    }
    while (l != NULL) {
        c = l;
        l = l->next;
        free(c->p);          /* BUG: frees the shared payload once per sharing cell */
        free(c);
    }
    return 0;
}
