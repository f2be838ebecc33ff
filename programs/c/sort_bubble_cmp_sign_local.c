/* expected: memsafety=true, memcleanup=true, unreach-call=true — a bubble sort swapping data, deciding each pair by a sign kept in a local (`int c = (p->d > q->d) - (p->d < q->d); if (c > 0) ...`), repeated until a pass swaps nothing; checked sorted, freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node {
    struct node *next;
    int d;
};

int main(void)
{
    struct node *head = NULL, *p, *q;
    int swapped, c, t;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof *p);
        p->d = __VERIFIER_nondet_int();
        p->next = head;
        head = p;
    }
    do {
        swapped = 0;
        for (p = head; p != NULL && p->next != NULL; p = p->next) {
            q = p->next;
            c = (p->d > q->d) - (p->d < q->d);
            if (c > 0) {
                t = p->d;
                p->d = q->d;
                q->d = t;
                swapped = 1;
            }
        }
    } while (swapped);
    for (p = head; p != NULL && p->next != NULL; p = p->next)
        if (p->d > p->next->d)
            reach_error();
    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
