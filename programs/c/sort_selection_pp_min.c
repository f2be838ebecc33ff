/* sort_selection_pp.c with the test of the pass turned around: pmax keeps the link of the least
 * cell seen so far, so the cells are pushed onto the sorted list largest last and it comes out
 * descending: the check of an ascending order calls reach_error() on a list of two different
 * data, with the cells still allocated. */
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
            if ((*pp)->data < (*pmax)->data)
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
