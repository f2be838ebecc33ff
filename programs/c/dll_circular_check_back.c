/* expected: memsafety=true, memcleanup=true, unreach-call=true — cyclic dll (head->prev is the tail), built by inserting before head, walked forward until back at head checking p->next->prev == p, then freed starting at head->next */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct cell { struct cell *next; struct cell *prev; int data; } Cell;

int main(void)
{
    Cell *head = malloc(sizeof(Cell));
    Cell *p, *n;
    head->next = head;
    head->prev = head;
    head->data = 0;

    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(Cell));
        n->data = 1;
        n->next = head;
        n->prev = head->prev;
        head->prev->next = n;
        head->prev = n;
    }

    p = head;
    do {
        if (p->next->prev != p)
            reach_error();
        if (p != head && p->data != 1)
            reach_error();
        p = p->next;
    } while (p != head);

    p = head->next;
    while (p != head) {
        n = p->next;
        free(p);
        p = n;
    }
    free(head);
    return 0;
}
