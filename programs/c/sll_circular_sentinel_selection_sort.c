/* expected: memsafety=true, memcleanup=true, unreach-call=true — a circular list through a sentinel cell on the heap (its datum not part of the list) selection-sorted by data swap, each minimum sought from p up to the sentinel; checked sorted until back at the sentinel; freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sll_circular_sentinel_selection_sort.c", 3, "reach_error"); }

struct node { struct node *next; int data; };

int main(void)
{
    struct node *s = malloc(sizeof(struct node)), *p, *q, *m;
    int t;
    s->next = s;
    s->data = 0;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = __VERIFIER_nondet_int();
        p->next = s->next;
        s->next = p;
    }
    for (p = s->next; p != s; p = p->next) {
        m = p;
        for (q = p->next; q != s; q = q->next)
            if (q->data < m->data)
                m = q;
        t = m->data; m->data = p->data; p->data = t;
    }
    for (p = s->next; p->next != s; p = p->next)
        if (p->data > p->next->data)
            reach_error();
    p = s->next;
    while (p != s) {
        q = p->next;
        free(p);
        p = q;
    }
    free(s);
    return 0;
}
