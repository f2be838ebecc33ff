/* expected: memsafety=true, memcleanup=false, unreach-call=false — sll_circular_bubble_sort.c whose passes stop one cell early (p->next->next != h): the last cell is never swapped with the one before it, so two cells 2, 1 stay unsorted */
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
        for (p = h; p->next != h && p->next->next != h; p = p->next)
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
