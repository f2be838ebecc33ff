/* expected: memsafety false, memcleanup false, unreach-call true — a struct pair returned by value is assigned twice to the same struct variable: the first list is lost by the second assignment */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int data; };
struct pair { struct node *first, *last; };
static struct pair build(void)
{
    struct pair p;
    p.first = p.last = malloc(sizeof(struct node));
    p.first->next = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        n->next = NULL;
        p.last->next = n;
        p.last = n;
    }
    return p;
}
static void destroy(struct pair p)
{
    struct node *l = p.first;
    while (l) { struct node *t = l->next; free(l); l = t; }
}
int main(void)
{
    struct pair q = build();
    if (__VERIFIER_nondet_int())
        q = build();
    destroy(q);
    return 0;
}
