/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — the same helper storing through the link pointer it is given, but main never moves the link: each new cell overwrites the one before in head, which is lost */
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
