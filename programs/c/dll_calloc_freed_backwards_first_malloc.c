/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — as dll_calloc_freed_backwards (dll of calloc'd cells freed backwards), but the first cell is malloc'd and only its next set, so the backward walk follows its uninitialised prev */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct dn { struct dn *next; struct dn *prev; int colour; };

int main(void)
{
    struct dn *first = malloc(sizeof(struct dn));   /* links not zeroed */
    first->next = NULL;
    struct dn *last = first;
    while (__VERIFIER_nondet_int()) {
        struct dn *n = calloc(1, sizeof(struct dn));
        n->prev = last;
        last->next = n;
        last = n;
    }
    if (last->next != NULL) reach_error();
    while (last != NULL) {
        struct dn *t = last->prev;
        free(last);
        last = t;
    }
    return 0;
}
