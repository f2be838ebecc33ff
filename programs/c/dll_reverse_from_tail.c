/* expected: memsafety=true, memcleanup=true, unreach-call=true — a doubly linked list built at its tail, then reversed walking from the tail by prev and swapping next and prev in every cell (the cells already reversed lead from the tail into a two-cell cycle at the cell being reversed); links checked from the new head, cells freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    struct node *prev;
} *DLL;

int main(void) {
    DLL head = NULL, tail = NULL;
    while (__VERIFIER_nondet_int()) {
        DLL n = malloc(sizeof(*n));
        n->next = NULL;
        n->prev = tail;
        if (tail)
            tail->next = n;
        else
            head = n;
        tail = n;
    }
    DLL p = tail;
    while (p) {
        DLL t = p->prev;
        p->prev = p->next;
        p->next = t;
        p = t;
    }
    DLL t = head;
    head = tail;
    tail = t;
    while (head) {
        DLL q = head->next;
        if (q && q->prev != head)
            reach_error();
        free(head);
        head = q;
    }
    return 0;
}
