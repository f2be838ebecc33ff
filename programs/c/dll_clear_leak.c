/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — clear() of a doubly linked list with global head and tail frees only the head cell and then resets head and tail to NULL: with two or more cells the others become unreachable (leak by overwrite) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct dnode {
    struct dnode *next;
    struct dnode *prev;
    int data;
} DNode;

DNode *head = NULL;
DNode *tail = NULL;

void push_back(int d)
{
    DNode *n = malloc(sizeof(DNode));
    n->data = d;
    n->next = NULL;
    n->prev = tail;
    if (tail == NULL)
        head = n;
    else
        tail->next = n;
    tail = n;
}

void clear(void)
{
    if (head != NULL)
        free(head);   /* BUG: the rest of the list is not freed */
    head = NULL;
    tail = NULL;
}

void check(void)
{
    DNode *p;

    for (p = head; p != NULL && p->next != NULL; p = p->next)
        if (p->next->prev != p)
            reach_error();
}

int main(void)
{
    while (__VERIFIER_nondet_int())
        push_back(1);
    check();
    clear();
    return 0;
}
