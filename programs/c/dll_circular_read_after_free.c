/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — cyclic dll built by inserting after head, destroyed backwards from head->prev, then head->next is read after head was freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct cell { struct cell *next; struct cell *prev; } Cell;

int main(void)
{
    Cell *head = malloc(sizeof(Cell));
    Cell *p, *n;
    head->next = head;
    head->prev = head;

    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(Cell));
        n->next = head->next;
        n->prev = head;
        head->next->prev = n;
        head->next = n;
    }

    p = head->prev;
    while (p != head) {
        n = p->prev;
        free(p);
        p = n;
    }
    free(head);
    if (head->next != head)   /* BUG: reads freed head */
        reach_error();
    return 0;
}
