/* expected: memsafety=true, memcleanup=true, unreach-call=true — insert(l, value) puts a new cell before the first cell whose data is not smaller than value (the value passed as an argument, compared with the cells while walking); the list is checked sorted and freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

List insert(List l, int value)
{
    List n = malloc(sizeof(struct node));
    List p;
    n->data = value;
    if (l == NULL || value <= l->data) {
        n->next = l;
        return n;
    }
    p = l;
    while (p->next != NULL && p->next->data < value)
        p = p->next;
    n->next = p->next;
    p->next = n;
    return l;
}

int main(void)
{
    List l = NULL, p;
    while (__VERIFIER_nondet_int())
        l = insert(l, __VERIFIER_nondet_int());
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
