/* expected: memsafety=true, memcleanup=true, unreach-call=true — two lists are built sorted by sorted insertion of nondet values (n counts the cells of both), then merged behind a dummy head cell on the stack; the merge must be ascending and hold n cells */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node {
    int data;
    struct node *next;
};

static struct node *sorted_insert(struct node *h, int v)
{
    struct node *c = malloc(sizeof(*c));
    c->data = v;
    if (!h || v <= h->data) {
        c->next = h;
        return c;
    }
    struct node *p = h;
    while (p->next && p->next->data < v)
        p = p->next;
    c->next = p->next;
    p->next = c;
    return h;
}

int main(void)
{
    struct node *a = NULL, *b = NULL;
    int n = 0;
    while (__VERIFIER_nondet_int()) { a = sorted_insert(a, __VERIFIER_nondet_int()); n++; }
    while (__VERIFIER_nondet_int()) { b = sorted_insert(b, __VERIFIER_nondet_int()); n++; }
    struct node dummy;
    struct node *t = &dummy;
    while (a && b) {
        if (a->data <= b->data) { t->next = a; a = a->next; }
        else { t->next = b; b = b->next; }
        t = t->next;
    }
    t->next = a ? a : b;
    struct node *m = dummy.next;
    int k = 0;
    for (struct node *p = m; p; p = p->next) {
        if (p->next && p->data > p->next->data)
            reach_error();
        k++;
    }
    if (k != n)
        reach_error();
    while (m) { struct node *x = m->next; free(m); m = x; }
    return 0;
}
