/* expected: memsafety=true, memcleanup=true, unreach-call=true — a doubly linked list built at the head; new cells are inserted after a cell chosen by a random walk, relinking both directions; the list is checked (p->next->prev == p) and freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct dn { struct dn *next; struct dn *prev; int v; };

static struct dn *mk(int v)
{
    struct dn *n = malloc(sizeof(struct dn));
    n->v = v;
    n->next = NULL;
    n->prev = NULL;
    return n;
}

int main(void)
{
    struct dn *head = mk(0);
    while (__VERIFIER_nondet_int()) {
        struct dn *n = mk(1);
        n->next = head;
        head->prev = n;
        head = n;
    }
    while (__VERIFIER_nondet_int()) {
        struct dn *p = head;
        while (p->next != NULL && __VERIFIER_nondet_int())
            p = p->next;
        struct dn *n = mk(2);
        n->prev = p;
        n->next = p->next;
        if (p->next != NULL)
            p->next->prev = n;
        p->next = n;
    }
    for (struct dn *p = head; p->next != NULL; p = p->next)
        if (p->next->prev != p) reach_error();
    while (head != NULL) {
        struct dn *t = head->next;
        free(head);
        head = t;
    }
    return 0;
}
