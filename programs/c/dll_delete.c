/* expected: memsafety=true, memcleanup=true, unreach-call=true — dll_delete() unlinks a nondet-chosen cell (head, middle or last), fixes both neighbours and frees it; links stay consistent; the rest is freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct dnode {
    struct dnode *next;
    struct dnode *prev;
    int data;
} DNode;

DNode *dll_delete(DNode *head, DNode *x)
{
    if (x->prev != NULL)
        x->prev->next = x->next;
    else
        head = x->next;
    if (x->next != NULL)
        x->next->prev = x->prev;
    free(x);
    return head;
}

int main(void)
{
    DNode *head = NULL;
    DNode *p;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(DNode));
        p->data = 1;
        p->prev = NULL;
        p->next = head;
        if (head != NULL)
            head->prev = p;
        head = p;
    }

    while (head != NULL && __VERIFIER_nondet_int()) {
        p = head;
        while (p->next != NULL && __VERIFIER_nondet_int())
            p = p->next;
        head = dll_delete(head, p);
    }

    for (p = head; p != NULL; p = p->next) {
        if (p->next && p->next->prev != p)
            reach_error();
        if (p->data != 1)
            reach_error();
    }

    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
