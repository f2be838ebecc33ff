/* expected: memsafety=true, memcleanup=false, unreach-call=false — the same insertion sort from a dummy head cell on the stack, but the walk passes the cells at least as great (`>=`): the list is descending and the check calls reach_error */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { int data; struct node *next; };

int main(void)
{
    struct node dummy;
    struct node *list = NULL, *x, *p;
    do {
        x = malloc(sizeof(struct node));
        x->data = __VERIFIER_nondet_int();
        x->next = list;
        list = x;
    } while (__VERIFIER_nondet_int());
    dummy.next = NULL;
    while (list) {
        x = list;
        list = list->next;
        p = &dummy;
        while (p->next && p->next->data >= x->data)
            p = p->next;
        x->next = p->next;
        p->next = x;
    }
    list = dummy.next;
    for (p = list; p && p->next; p = p->next)
        if (p->data > p->next->data)
            reach_error();
    while (list) {
        p = list->next;
        free(list);
        list = p;
    }
    return 0;
}
