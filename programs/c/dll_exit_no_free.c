/* expected: memsafety=true, memcleanup=false, unreach-call=true — a doubly linked list held by main's locals; the program ends with exit(0) inside main without freeing it: all cells reachable at termination, none freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct dnode {
    struct dnode *next;
    struct dnode *prev;
    int data;
} DNode;

int main(void)
{
    DNode *head, *p;

    head = malloc(sizeof(DNode));
    head->next = NULL;
    head->prev = NULL;
    head->data = 0;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(DNode));
        p->data = 0;
        p->prev = NULL;
        p->next = head;
        head->prev = p;
        head = p;
    }

    for (p = head; p != NULL; p = p->next)
        if (p->next && p->next->prev != p)
            reach_error();

    exit(0);
}
