/* expected: memsafety=true, memcleanup=true, unreach-call=true — list cell with an embedded (non-pointer) struct field */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct payload { int a; int b; };
struct node { struct node *next; struct payload pl; };

int main(void)
{
    struct node *head = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof(struct node));
        n->pl.a = 1;
        n->pl.b = 2;
        n->next = head;
        head = n;
    }
    for (struct node *p = head; p != NULL; p = p->next)
        if (p->pl.a != 1 || p->pl.b != 2)
            reach_error();
    while (head != NULL) {
        struct node *n = head->next;
        free(head);
        head = n;
    }
    return 0;
}
