/* expected: memsafety=true, memcleanup=true, unreach-call=false — as dll_deque_drain_either_end.c, but only a free at the head counts len down: len stays above 0 when a tail cell was freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }

typedef struct node {
    struct node *next;
    struct node *prev;
    int data;
} node_t;

int main(void)
{
    node_t *head = NULL, *tail = NULL, *n;
    int len = 0;
    do {
        n = malloc(sizeof *n);
        if (!n) abort();
        n->data = 5;
        n->next = NULL;
        n->prev = tail;
        if (tail) tail->next = n; else head = n;
        tail = n;
        len++;
    } while (__VERIFIER_nondet_int() && len < 30);
    /* free from either end, chosen at random */
    while (head) {
        if (head->data != 5)
            reach_error();
        if (__VERIFIER_nondet_int()) {
            n = head->next;
            free(head);
            head = n;
            if (head) head->prev = NULL; else tail = NULL;
            len--;
        } else {
            n = tail->prev;
            free(tail);
            tail = n;
            if (tail) tail->next = NULL; else head = NULL;
        }
    }
    if (len != 0)
        reach_error();
    return 0;
}
