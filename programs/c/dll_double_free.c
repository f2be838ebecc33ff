/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=true — a doubly linked list with head and tail pointers: dll_destroy() frees every cell from the head, then main also frees the tail (double free when nonempty; nothing else allocated then) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct dnode {
    struct dnode *next;
    struct dnode *prev;
    int data;
} DNode;

void dll_destroy(DNode *l)
{
    DNode *t;

    while (l != NULL) {
        t = l->next;
        free(l);
        l = t;
    }
}

int main(void)
{
    DNode *head = NULL, *tail = NULL;
    DNode *p;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(DNode));
        p->data = 1;
        p->next = NULL;
        p->prev = tail;
        if (tail != NULL)
            tail->next = p;
        else
            head = p;
        tail = p;
    }

    for (p = head; p != NULL; p = p->next)
        if (p->next && p->next->prev != p)
            reach_error();

    dll_destroy(head);
    free(tail);   /* BUG: the tail cell was freed by dll_destroy() */
    return 0;
}
