/* expected: memsafety=true, memcleanup=true, unreach-call=true — selection sort swapping data: for each cell the minimum of the rest is found and exchanged; checked sorted, then freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

int main(void)
{
    List l = NULL;
    List p, q, min;
    int t;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = __VERIFIER_nondet_int();
        p->next = l;
        l = p;
    }

    for (p = l; p != NULL; p = p->next) {
        min = p;
        for (q = p->next; q != NULL; q = q->next)
            if (q->data < min->data)
                min = q;
        if (min != p) {
            t = p->data;
            p->data = min->data;
            min->data = t;
        }
    }

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
