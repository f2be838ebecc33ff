/* expected: memsafety=true, memcleanup=false, unreach-call=false — each cell carries an int array of two tags written and read at constant indices only: a cell made while a nondeterministic flag is set gets its second tag set to 1 instead of 2, and the check on the second walk calls reach_error, which aborts with the list allocated */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct cell {
    int tag[2];
    struct cell *next;
} Cell;

int main(void)
{
    Cell *head = NULL, *p;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(Cell));
        p->tag[0] = 1;
        p->tag[1] = __VERIFIER_nondet_int() ? 1 : 2;   /* BUG */
        p->next = head;
        head = p;
    }
    for (p = head; p != NULL; p = p->next)
        if (p->tag[0] != 1 || p->tag[1] != 2)
            reach_error();
    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
