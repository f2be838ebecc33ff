/* A queue of cells numbered by a counter: each new cell is appended at the tail and given the
 * next value of x (x = x + 1 before the write), so the data rise strictly from the head to the
 * tail.  The walk checks that every cell's datum is below its successor's, then the list is
 * freed. */
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node {
    int data;
    struct node *next;
};

int main(void)
{
    struct node *head = NULL, *tail = NULL;
    int x = 0;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        x = x + 1;
        n->data = x;
        n->next = NULL;
        if (tail)
            tail->next = n;
        else
            head = n;
        tail = n;
    }
    for (struct node *p = head; p && p->next; p = p->next)
        if (p->data >= p->next->data)
            reach_error();
    while (head) {
        struct node *t = head->next;
        free(head);
        head = t;
    }
    return 0;
}
