/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list built at its tail: main keeps a link pointer to the last next field (`tailp = &(*tailp)->next`) and passes it to a helper that stores a new cell through it (`make(tailp, 1)`: `*out = n`); every cell holds 1; the list is freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int d; };

static void make(struct node **out, int d)
{
    struct node *n = malloc(sizeof *n);
    n->d = d;
    n->next = NULL;
    *out = n;
}

int main(void)
{
    struct node *head = NULL, **tailp = &head, *p;
    while (__VERIFIER_nondet_int()) {
        make(tailp, 1);
        tailp = &(*tailp)->next;
    }
    for (p = head; p; p = p->next)
        if (p->d != 1)
            reach_error();
    while (head) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
