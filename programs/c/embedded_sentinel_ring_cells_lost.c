/* expected: memsafety=true, memcleanup=false, unreach-call=true — the same, but the host is freed without the ring: its cells are never freed (not lost while main runs: the loop's y, a block's variable, still points to the last one made until main returns) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct T { struct T *next; struct T *prev; int data; };
struct T2 { struct T head; struct T2 *next; };
int main() {
    struct T2 *x = malloc(sizeof(struct T2));
    x->next = NULL;
    x->head.next = &x->head;
    x->head.prev = &x->head;
    while (__VERIFIER_nondet_int()) {
        struct T *y = malloc(sizeof(struct T));
        y->next = x->head.next;
        y->next->prev = y;
        y->prev = &x->head;
        y->data = 1;
        x->head.next = y;
    }
    free(x);
    return 0;
}
