/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — as sll_tail_cursor_ref.c, but a new node's next is never set: the walk that frees the list reads the last node's uninitialised next and dereferences it */
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
