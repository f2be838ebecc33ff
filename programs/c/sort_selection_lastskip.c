/* expected: memsafety=true, memcleanup=false, unreach-call=false — selection sort whose search for the minimum stops before the last cell (q->next != NULL): a minimum in the last cell is never moved, e.g. data 2,1 stays unsorted; the sortedness check calls reach_error, which aborts with the list allocated */
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
        for (q = p->next; q != NULL && q->next != NULL; q = q->next)   /* BUG: skips the last cell */
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
