/* sll_counter_data_ascending.c where the counter may start again from 0 (a nondet choice after
 * each step): two cells may then be numbered 1, so the check that the data rise strictly from the
 * head calls reach_error() with the list still allocated. */
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
        if (__VERIFIER_nondet_int())
            x = 0;
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
