/* expected: memsafety=true, memcleanup=true, unreach-call=true — doubly linked list, insertion sort in place; the insertion point is searched forwards from the head */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next, *prev; int data; };
int main(void) {
    struct node *h = NULL, *p, *c, *nx, *q;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = __VERIFIER_nondet_int();
        p->next = h; p->prev = NULL;
        if (h) h->prev = p;
        h = p;
    }
    if (h) {
        c = h->next;
        while (c) {
            nx = c->next;
            if (c->prev->data > c->data) {
                c->prev->next = nx; if (nx) nx->prev = c->prev;     /* unlink c */
                q = h;
                while (q->data <= c->data) q = q->next;             /* first cell greater than c */
                c->prev = q->prev; c->next = q;
                if (q->prev) q->prev->next = c; else h = c;
                q->prev = c;
            }
            c = nx;
        }
    }
    for (p = h; p && p->next; p = p->next)
        if (p->data > p->next->data) reach_error();
    while (h) { p = h; h = h->next; free(p); }
    return 0;
}
