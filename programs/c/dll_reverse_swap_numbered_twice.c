/* dll_reverse_swap_numbered.c with the list reversed a second time (from its new head, head and
 * tail swapped again): the walk from head follows the old order, ascending, so the check of a
 * descending order calls reach_error() on a list of two cells, with the cells still allocated. */
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node {
    int v;
    struct node *next, *prev;
};

int main(void)
{
    struct node *head = NULL, *tail = NULL;
    int n = 0;
    while (__VERIFIER_nondet_int()) {
        struct node *t = malloc(sizeof *t);
        t->v = n++;
        t->next = NULL;
        t->prev = tail;
        if (tail)
            tail->next = t;
        else
            head = t;
        tail = t;
    }

    struct node *cur = head, *tmp = NULL;
    while (cur) {
        tmp = cur->prev;
        cur->prev = cur->next;
        cur->next = tmp;
        cur = cur->prev;
    }
    tmp = head;
    head = tail;
    tail = tmp;
    cur = head;
    head = tail;
    tail = cur;
    while (cur) {
        tmp = cur->prev;
        cur->prev = cur->next;
        cur->next = tmp;
        cur = cur->prev;
    }

    for (struct node *p = head; p && p->next; p = p->next)
        if (p->v <= p->next->v)
            reach_error();
    while (head) {
        struct node *t = head->next;
        free(head);
        head = t;
    }
    return 0;
}
