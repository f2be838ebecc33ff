/* expected: memsafety=true, memcleanup=true, unreach-call=true — insertion sort into nonincreasing order by relinking cells; the result is checked nonincreasing and freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

List insertion_sort(List l)
{
    List sorted = NULL;
    List x, y;

    while (l != NULL) {
        x = l;
        l = l->next;
        if (sorted == NULL || x->data >= sorted->data) {
            x->next = sorted;
            sorted = x;
        } else {
            y = sorted;
            while (y->next != NULL && y->next->data > x->data)
                y = y->next;
            x->next = y->next;
            y->next = x;
        }
    }
    return sorted;
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

    l = insertion_sort(l);

    for (p = l; p && p->next; p = p->next)
        if (p->data < p->next->data)
            reach_error();

    while (l != NULL) {
        p = l;
        l = l->next;
        free(p);
    }
    return 0;
}
