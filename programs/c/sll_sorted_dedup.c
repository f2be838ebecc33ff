/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list built sorted by insertion (nondet data), its duplicates removed, then checked strictly increasing */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sll_sorted_dedup.c", 3, "reach_error"); }

typedef struct node {
    struct node *next;
    int data;
} *List;

List insert_sorted(List l, int d)
{
    List n = malloc(sizeof(struct node)), p;
    if (n == NULL)
        abort();
    n->data = d;
    if (l == NULL || d <= l->data) {
        n->next = l;
        return n;
    }
    p = l;
    while (p->next != NULL && p->next->data < d)
        p = p->next;
    n->next = p->next;
    p->next = n;
    return l;
}

void dedup(List l)
{
    List p = l, q;
    while (p != NULL && p->next != NULL) {
        if (p->data == p->next->data) {
            q = p->next;
            p->next = q->next;
            free(q);
        } else {
            p = p->next;
        }
    }
}

int main(void)
{
    List l = NULL, p;

    while (__VERIFIER_nondet_int())
        l = insert_sorted(l, __VERIFIER_nondet_int());

    dedup(l);

    for (p = l; p != NULL && p->next != NULL; p = p->next)
        if (p->data >= p->next->data)
            reach_error();

    while (l != NULL) {
        p = l;
        l = l->next;
        free(p);
    }
    return 0;
}
