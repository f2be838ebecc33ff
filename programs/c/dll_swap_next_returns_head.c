/* expected: memsafety=true, memcleanup=true, unreach-call=true — a doubly linked list built at the head; a random walk swaps a cell with its successor in a helper that relinks both directions and returns the new head, or steps on; then freed from the head */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct dnode { int data; struct dnode *next; struct dnode *prev; } DNode;
static DNode *swap_with_next(DNode *head, DNode *a)
{
    DNode *b = a->next;
    DNode *before = a->prev;
    DNode *after = b->next;
    if (before != NULL)
        before->next = b;
    else
        head = b;
    b->prev = before;
    b->next = a;
    a->prev = b;
    a->next = after;
    if (after != NULL)
        after->prev = a;
    return head;
}
int main(void)
{
    DNode *head = NULL;
    while (__VERIFIER_nondet_int()) {
        DNode *n = malloc(sizeof(DNode));
        n->prev = NULL;
        n->next = head;
        if (head != NULL)
            head->prev = n;
        head = n;
    }
    DNode *p = head;
    while (p != NULL && p->next != NULL) {
        if (__VERIFIER_nondet_int())
            head = swap_with_next(head, p);
        else
            p = p->next;
    }
    p = NULL;
    while (head != NULL) {
        DNode *n = head->next;
        free(head);
        head = n;
    }
    return 0;
}
