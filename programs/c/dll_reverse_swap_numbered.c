/* A doubly linked list of cells numbered 0, 1, 2, ... in the order they are appended
 * (t->v = n++), reversed in place by swapping each cell's next and prev and then following
 * the new prev (the old next).  The reversed list must be strictly descending from its head;
 * it is then freed. */
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
