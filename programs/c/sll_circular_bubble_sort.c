/* expected: memsafety=true, memcleanup=true, unreach-call=true — a circular list (at least one cell) bubble-sorted by data swap, each pass walking from the head until the cell before it (p->next != h); checked sorted from the head to the cell before it, freed by a do-while around the circle */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

int main(void)
{
    struct node *h, *n, *p, *q;
    int sw, t;

    h = malloc(sizeof(struct node));
    h->data = __VERIFIER_nondet_int();
    h->next = h;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(struct node));
        n->data = __VERIFIER_nondet_int();
        n->next = h->next;
        h->next = n;
    }
    do {
        sw = 0;
        for (p = h; p->next != h; p = p->next)
            if (p->data > p->next->data) {
                t = p->data; p->data = p->next->data; p->next->data = t;
                sw = 1;
            }
    } while (sw);
    for (p = h; p->next != h; p = p->next)
        if (p->data > p->next->data)
            reach_error();
    p = h;
    do {
        q = p->next;
        free(p);
        p = q;
    } while (p != h);
    return 0;
}
