/* expected: memsafety=true, memcleanup=true, unreach-call=true — append() walks a link pointer from the address of a field of another struct (&b->items, a bucket's list of nodes) to the end of the list and writes the new node there */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int v; };
struct bucket { struct node *items; struct bucket *next; };
static void append(struct node **pp, struct node *n)
{
    while (*pp)
        pp = &(*pp)->next;
    *pp = n;
}
int main(void)
{
    struct bucket *b = malloc(sizeof *b);
    b->items = NULL;
    b->next = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        n->next = NULL;
        n->v = 1;
        append(&b->items, n);
    }
    struct node *p = b->items;
    while (p) {
        struct node *q = p->next;
        if (p->v != 1) reach_error();
        free(p);
        p = q;
    }
    free(b);
    return 0;
}
