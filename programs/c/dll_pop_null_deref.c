/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — pop_front() frees the head and then clears the new head's prev without checking it: popping the only cell (or an empty list) dereferences NULL, with nothing left allocated */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct dnode {
    struct dnode *next;
    struct dnode *prev;
    int data;
} DNode;

DNode *pop_front(DNode *head)
{
    DNode *old = head;

    head = head->next;
    free(old);
    head->prev = NULL;   /* BUG: head may be NULL */
    return head;
}

int main(void)
{
    DNode *head = NULL;
    DNode *p;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(DNode));
        p->data = 0;
        p->prev = NULL;
        p->next = head;
        if (head != NULL)
            head->prev = p;
        head = p;
    }

    while (__VERIFIER_nondet_int())
        head = pop_front(head);

    while (head != NULL) {
        p = head;
        head = head->next;
        free(p);
    }
    return 0;
}
