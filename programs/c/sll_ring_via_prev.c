/* expected: memsafety=true, memcleanup=true, unreach-call=true — a ring linked through prev only (next stays NULL in every cell), built after a head cell, walked back along prev checking each tag, freed */
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
    while (p != h) {
        if (p->tag != 1)
            reach_error();
        cell *q = p->prev;
        free(p);
        p = q;
    }
    free(h);
    return 0;
}
