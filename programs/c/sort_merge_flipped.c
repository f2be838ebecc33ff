/* expected: memsafety=true, memcleanup=false, unreach-call=false — merge of two sorted lists with the comparison flipped (takes the larger head first): a=[1], b=[2] gives 2,1; reach_error aborts with the merged list allocated */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

List push_sorted(List l)
{
    List n = malloc(sizeof(struct node));
    n->data = __VERIFIER_nondet_int();
    if (l != NULL && n->data > l->data)
        n->data = l->data;
    n->next = l;
    return n;
}

List merge(List a, List b)
{
    List head = NULL, tail = NULL, x;

    while (a != NULL || b != NULL) {
        if (b == NULL || (a != NULL && a->data >= b->data)) {   /* BUG: should be <= */
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
    List a = NULL, b = NULL, l, p;

    while (__VERIFIER_nondet_int())
        a = push_sorted(a);
    while (__VERIFIER_nondet_int())
        b = push_sorted(b);

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
