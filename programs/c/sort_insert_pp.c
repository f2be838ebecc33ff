/* A list kept sorted by inserting each nondet value through a struct node ** cursor, checked
   sorted, freed.  memsafety: true  memcleanup: true  unreach-call: true */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node {
    struct node *next;
    int data;
};

int main(void)
{
    struct node *h = NULL, *n, *p, **pp;
    int v;
    while (__VERIFIER_nondet_int()) {
        v = __VERIFIER_nondet_int();
        for (pp = &h; *pp && (*pp)->data < v; pp = &(*pp)->next)
            ;
        n = malloc(sizeof(struct node));
        n->data = v;
        n->next = *pp;
        *pp = n;
    }
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
