/* expected: memsafety=true, memcleanup=false, unreach-call=false — (memcleanup: reach_error() ends the run with the list allocated) selection sort swapping data with the XOR trick through two int pointers (*a ^= *b); when the minimum is the cell itself both pointers alias and the datum becomes 0: [2,1] ends as [1,0] */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

void xswap(int *a, int *b)
{
    *a ^= *b;
    *b ^= *a;
    *a ^= *b;
}

int main(void)
{
    struct node *l = NULL, *n, *p, *q, *min;

    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(struct node));
        n->data = __VERIFIER_nondet_int();
        n->next = l;
        l = n;
    }
    for (p = l; p != NULL; p = p->next) {
        min = p;
        for (q = p->next; q != NULL; q = q->next)
            if (q->data < min->data)
                min = q;
        xswap(&p->data, &min->data);
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
