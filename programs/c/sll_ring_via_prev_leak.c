/* expected: memsafety=true, memcleanup=false, unreach-call=true — as sll_ring_via_prev.c, but the freeing walk stops one cell short: the cell just before the head cell is never freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct cell { struct cell *next; struct cell *prev; int tag; } cell;

int main(void)
{
    cell *h = malloc(sizeof(cell));
    h->prev = h;
    h->next = NULL;
    h->tag = 0;
    while (__VERIFIER_nondet_int()) {
        cell *c = malloc(sizeof(cell));
        c->tag = 1;
        c->next = NULL;
        c->prev = h->prev;
        h->prev = c;
    }
    cell *p = h->prev;
    /* planted bug: stops one short, the cell just before h in the ring leaks */
    while (p->prev != h) {
        cell *q = p->prev;
        free(p);
        p = q;
    }
    free(h);
    return 0;
}
