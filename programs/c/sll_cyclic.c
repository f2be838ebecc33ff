/* expected: memsafety=true, memcleanup=true, unreach-call=true — a cyclic list is built around a head cell, traversed with a loop bounded by the head, then the cycle is broken at the head and every cell freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

int main(void)
{
    List head, p, q;

    head = malloc(sizeof(struct node));
    head->data = 0;
    head->next = head;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = 1;
        p->next = head->next;
        head->next = p;
    }

    p = head->next;
    while (p != head) {
        if (p->data != 1)
            reach_error();
        p = p->next;
    }

    /* break the cycle: the cell before head now ends the list */
    p = head->next;
    head->next = NULL;
    while (p != NULL) {
        q = p->next;
        free(p);
        p = q;
    }
    return 0;
}
