/* expected: memsafety=true, memcleanup=true, unreach-call=true — in-place insertion sort: a walk keeps the sorted prefix through the link after its last cell; a cell smaller than its predecessor is unlinked through that link and reinserted through a pointer-to-pointer walk from the head (qq == &l: it becomes the head); the order is checked, the list freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

int main(void)
{
    struct node *l = NULL, *n, *last, *p;
    struct node **pp, **qq;

    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(struct node));
        n->data = __VERIFIER_nondet_int();
        n->next = l;
        l = n;
    }
    if (l != NULL) {
        last = l;
        pp = &l->next;
        while (*pp != NULL) {
            n = *pp;
            if (n->data >= last->data) {
                last = n;
                pp = &n->next;
            } else {
                *pp = n->next;
                qq = &l;
                while ((*qq)->data <= n->data)
                    qq = &(*qq)->next;
                n->next = *qq;
                if (qq == &l)
                    l = n;
                else
                    *qq = n;
            }
        }
    }
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
