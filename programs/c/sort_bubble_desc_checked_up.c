/* expected: memsafety=true, memcleanup=false, unreach-call=false — bubble sort into nonincreasing order, but the result is checked nondecreasing: two cells with different data reach reach_error() */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

void bubble_sort(List l)
{
    List p;
    int swapped, t;

    do {
        swapped = 0;
        for (p = l; p != NULL && p->next != NULL; p = p->next) {
            if (p->data < p->next->data) {
                t = p->data;
                p->data = p->next->data;
                p->next->data = t;
                swapped = 1;
            }
        }
    } while (swapped);
}

int main(void)
{
    List l = NULL;
    List p;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = __VERIFIER_nondet_int();
        p->next = l;
        l = p;
    }

    bubble_sort(l);

    for (p = l; p && p->next; p = p->next)
        if (p->data > p->next->data)
            reach_error();

    while (l != NULL) {
        p = l;
        l = l->next;
        free(p);
    }
    return 0;
}
