/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — the same search of the least cell through two link pointers, but the least cell is freed before it is unlinked: `*pm = m->next` reads the freed cell */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

int main(void)
{
    struct node *head = NULL, *n, *m;
    struct node **pm, **pq;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof *n);
        n->data = __VERIFIER_nondet_int();
        n->next = head;
        head = n;
    }
    if (head) {
        pm = &head;
        for (pq = &head->next; *pq; pq = &(*pq)->next)
            if ((*pq)->data <= (*pm)->data)
                pm = pq;
        m = *pm;
        free(m);
        *pm = m->next;
    }
    while (head) {
        n = head->next;
        free(head);
        head = n;
    }
    return 0;
}
