/* expected: memsafety=true, memcleanup=true, unreach-call=true — a doubly linked list built by prepending; every next/prev pair is checked consistent, then every cell is freed */
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

    for (p = head; p != NULL; p = p->next)
        if (p->next && p->next->prev != p)
            reach_error();
    if (head != NULL && head->prev != NULL)
        reach_error();

    while (head != NULL) {
        p = head;
        head = head->next;
        free(p);
    }
    return 0;
}
