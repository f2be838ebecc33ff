/* expected: memsafety=true, memcleanup=true, unreach-call=true — a doubly linked list of calloc'd cells (links left zero by calloc) appended at the tail; it is freed backwards from the tail along prev */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct dn { struct dn *next; struct dn *prev; int colour; };

int main(void)
{
    struct dn *first = calloc(1, sizeof(struct dn));
    struct dn *last = first;
    while (__VERIFIER_nondet_int()) {
        struct dn *n = calloc(1, sizeof(struct dn));
        n->prev = last;
        last->next = n;
        last = n;
    }
    if (last->next != NULL) reach_error();
    if (first->prev != NULL) reach_error();
    while (last != NULL) {
        struct dn *t = last->prev;
        free(last);
        last = t;
    }
    return 0;
}
