/* Insertion sort whose linking is done by link_in(struct node **link, n), called with &s for a
   new head and with &p->next after the scan; checked sorted, freed.
   memsafety: true  memcleanup: true  unreach-call: true */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node {
    struct node *next;
    int data;
};

static void link_in(struct node **link, struct node *n)
{
    n->next = *link;
    *link = n;
}

int main(void)
{
    struct node *h = NULL, *n, *p, *s = NULL;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(struct node));
        n->data = __VERIFIER_nondet_int();
        n->next = h;
        h = n;
    }
    while (h) {
        n = h;
        h = h->next;
        if (!s || n->data <= s->data) {
            link_in(&s, n);
        } else {
            p = s;
            while (p->next && p->next->data < n->data)
                p = p->next;
            link_in(&p->next, n);
        }
    }
    for (p = s; p && p->next; p = p->next)
        if (p->data > p->next->data)
            reach_error();
    while (s) {
        p = s->next;
        free(s);
        s = p;
    }
    return 0;
}
