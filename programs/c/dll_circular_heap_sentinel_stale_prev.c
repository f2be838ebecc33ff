/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — as dll_circular_heap_sentinel, but the removal loop does not fix the prev of the new first cell: the last removal leaves s->prev on a freed cell, and the final test s->prev->next reads it */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}

struct node { struct node *next; struct node *prev; int data; };

int main(void)
{
    struct node *s = malloc(sizeof(struct node)), *n;
    s->next = s;
    s->prev = s;
    s->data = -1;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(struct node));
        n->data = 0;
        n->next = s;
        n->prev = s->prev;
        s->prev->next = n;
        s->prev = n;
    }
    while (s->next != s) {
        n = s->next;
        s->next = n->next;
        free(n);
    }
    if (s->prev->next != s)
        reach_error();
    free(s);
    return 0;
}
