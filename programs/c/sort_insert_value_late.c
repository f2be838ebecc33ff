/* expected: memsafety=true, memcleanup=false, unreach-call=false — insert(l, value) walks past the cells smaller than value but links the new cell one step too far (after p->next), so a list of two cells can end unsorted */
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
    if (p->next != NULL)
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
