/* expected: memsafety=true, memcleanup=true, unreach-call=true — concat(a, b) links list b (data 2) after list a (data 1); the result is nondecreasing and is freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

List push(List l, int d)
{
    List n = (List) malloc(sizeof(struct node));
    n->next = l;
    n->data = d;
    return n;
}

List concat(List a, List b)
{
    List p;

    if (a == NULL)
        return b;
    p = a;
    while (p->next != NULL)
        p = p->next;
    p->next = b;
    return a;
}

int main(void)
{
    List a = NULL, b = NULL, l, p;

    while (__VERIFIER_nondet_int())
        a = push(a, 1);
    while (__VERIFIER_nondet_int())
        b = push(b, 2);

    l = concat(a, b);

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
