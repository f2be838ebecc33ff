/* expected: memsafety=true, memcleanup=false, unreach-call=false — bubble sort with len-1 passes whose swap(int *x, int *y) helper writes *x twice (t = *x; *x = *y; *x = t): a no-op, so [1,0] stays unsorted */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

void swap(int *x, int *y)
{
    int t = *x;
    *x = *y;
    *x = t;
}

int main(void)
{
    struct node *h = NULL, *n, *p;
    int i, len = 0;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(struct node));
        n->data = __VERIFIER_nondet_int();
        n->next = h;
        h = n;
    }
    for (p = h; p; p = p->next)
        len++;
    for (i = 1; i < len; i++)
        for (p = h; p->next; p = p->next)
            if (p->data > p->next->data)
                swap(&p->data, &p->next->data);
    for (p = h; p && p->next; p = p->next)
        if (p->data > p->next->data)
            reach_error();
    while (h) {
        p = h->next;
        free(h);
        h = p;
    }
    return 0;
}
