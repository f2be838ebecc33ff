/* expected: memsafety=true, memcleanup=true, unreach-call=true — a struct T2 embeds a struct T as the sentinel of a ring of struct T cells allocated on their own (malloc(sizeof(struct T))); the ring is walked from &x->head, each cell checked and freed, then the host */
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
    struct T *y = x->head.next;
    while (y != &x->head) {
        struct T *z = y;
        if (z->data != 1) reach_error();
        y = y->next;
        free(z);
    }
    free(x);
    return 0;
}
