/* Selection sort through a pointer to the link of the largest cell seen so far: each pass walks
 * the links of the unsorted list with pp, keeps in pmax the link of the largest cell, unlinks that
 * cell through the link (*pmax = m->next) and pushes it onto the sorted list.  The sorted list is
 * then checked to be ascending, and freed. */
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node {
    int data;
    struct node *next;
};

static struct node *push(struct node *head, int data)
{
    struct node *n = malloc(sizeof *n);
    n->data = data;
    n->next = head;
    return n;
}

int main(void)
{
    struct node *head = NULL;
    while (__VERIFIER_nondet_int())
        head = push(head, __VERIFIER_nondet_int());

    struct node *sorted = NULL;
    while (head) {
        struct node **pmax = &head;
        for (struct node **pp = &head->next; *pp; pp = &(*pp)->next)
            if ((*pp)->data > (*pmax)->data)
                pmax = pp;
        struct node *m = *pmax;
        *pmax = m->next;
        m->next = sorted;
        sorted = m;
    }

    for (struct node *p = sorted; p && p->next; p = p->next)
        if (p->data > p->next->data)
            reach_error();

    while (sorted) {
        struct node *t = sorted->next;
        free(sorted);
        sorted = t;
    }
    return 0;
}
