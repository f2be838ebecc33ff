/* expected: memsafety=true, memcleanup=true, unreach-call=true — merge() of two lists built sorted (__VERIFIER_assume on each new head) using a tail pointer; the result is checked sorted and freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

/* prepends cells whose data is never larger than the current head's: the list stays sorted */
List build_sorted(void)
{
    List l = NULL, n;
    int d;

    while (__VERIFIER_nondet_int()) {
        d = __VERIFIER_nondet_int();
        if (l != NULL && d > l->data)
            d = l->data;
        n = malloc(sizeof(struct node));
        n->data = d;
        n->next = l;
        l = n;
    }
    return l;
}

List merge(List a, List b)
{
    List head = NULL, tail = NULL, x;

    while (a != NULL || b != NULL) {
        if (b == NULL || (a != NULL && a->data <= b->data)) {
            x = a;
            a = a->next;
        } else {
            x = b;
            b = b->next;
        }
        x->next = NULL;
        if (tail == NULL)
            head = x;
        else
            tail->next = x;
        tail = x;
    }
    return head;
}

int main(void)
{
    List a = build_sorted();
    List b = build_sorted();
    List l, p;

    for (p = a; p && p->next; p = p->next)
        __VERIFIER_assume(p->data <= p->next->data);

    l = merge(a, b);

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
