/* expected: memsafety=true, memcleanup=true, unreach-call=true — bubble sort (swapped flag) whose swap is a helper swap(int *x, int *y) called with &p->data, &p->next->data; checked with !(a <= b); freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

void swap(int *x, int *y)
{
    int t = *x;
    *x = *y;
    *y = t;
}

int main(void)
{
    struct node *h = NULL, *n, *p;
    int swapped;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(struct node));
        n->data = __VERIFIER_nondet_int();
        n->next = h;
        h = n;
    }
    do {
        swapped = 0;
        for (p = h; p && p->next; p = p->next)
            if (p->data > p->next->data) {
                swap(&p->data, &p->next->data);
                swapped = 1;
            }
    } while (swapped);
    for (p = h; p && p->next; p = p->next)
        if (!(p->data <= p->next->data))
            reach_error();
    while (h) {
        p = h->next;
        free(h);
        h = p;
    }
    return 0;
}
