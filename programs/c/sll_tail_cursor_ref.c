/* expected: memsafety=true, memcleanup=true, unreach-call=true — a tail cursor (struct node **tail = &head) advanced by push_at(&tail, n), which takes a struct node *** and writes **cursor = n, then *cursor = &n->next */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int v; };
static void push_at(struct node ***cursor, struct node *n)
{
    **cursor = n;
    *cursor = &n->next;
}
int main(void)
{
    struct node *head = NULL;
    struct node **tail = &head;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        n->next = NULL;
        n->v = 1;
        push_at(&tail, n);
    }
    struct node *p = head;
    while (p) {
        struct node *q = p->next;
        if (p->v != 1) reach_error();
        free(p);
        p = q;
    }
    return 0;
}
