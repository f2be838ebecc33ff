/* a cell never freed (memcleanup false: any run shows it), no reach_error (unreach-call true at once); the memsafety analysis of the ring runs for minutes (found by a probe: the worker killed at its time limit dropped both settled verdicts) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

typedef struct d { struct d *next; struct d *prev; int key; } D;

int main(void)
{
    D *s = malloc(sizeof(D));
    D *extra = malloc(sizeof(D));   /* never freed: memcleanup false, found by any run */
    D *p, *n;
    int k;
    s->next = s;
    s->prev = s;
    s->key = 0;

    while (__VERIFIER_nondet_int()) {
        k = __VERIFIER_nondet_int();
        n = malloc(sizeof(D));
        n->key = k;
        p = s->next;
        while (p != s && __VERIFIER_nondet_int())
            p = p->next;
        /* insert before p */
        n->next = p;
        n->prev = p->prev;
        p->prev->next = n;
        p->prev = n;
    }

    p = s->next;
    while (p != s) {
        n = p->next;
        free(p);
        p = n;
    }
    free(s);
    return 0;
}
