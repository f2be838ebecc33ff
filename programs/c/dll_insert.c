/* expected: memsafety=true, memcleanup=true, unreach-call=true — insert_after() links a new cell after a nondet-chosen cell, fixing both next and prev; links stay consistent; destroy() frees all */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct dnode {
    struct dnode *next;
    struct dnode *prev;
    int data;
} DNode;

void insert_after(DNode *p, int d)
{
    DNode *n = malloc(sizeof(DNode));
    n->data = d;
    n->prev = p;
    n->next = p->next;
    if (p->next != NULL)
        p->next->prev = n;
    p->next = n;
}

void destroy(DNode *l)
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
    DNode *head, *p;

    head = malloc(sizeof(DNode));
    head->next = NULL;
    head->prev = NULL;
    head->data = 0;

    while (__VERIFIER_nondet_int()) {
        p = head;
        while (p->next != NULL && __VERIFIER_nondet_int())
            p = p->next;
        insert_after(p, 1);
    }

    for (p = head; p != NULL; p = p->next)
        if (p->next && p->next->prev != p)
            reach_error();

    destroy(head);
    return 0;
}
