/* expected: memsafety=true, memcleanup=false, unreach-call=false — as sort_merge_dummy_head_counted.c, but after the loop only the rest of the first list is linked behind the merge: the cells left in the second are neither counted nor freed */
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
    t->next = a;
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
