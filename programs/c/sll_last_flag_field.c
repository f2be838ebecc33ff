/* expected: memsafety=true, memcleanup=true, unreach-call=true — each new cell records whether it is the last one (n->last = l == NULL, before it is pushed); the walk checks it against the list */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

struct node {
    struct node *next;
    int last;
};

int main(void)
{
    struct node *l = NULL, *p;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        if (!p)
            abort();
        p->last = l == NULL;
        p->next = l;
        l = p;
    }
    for (p = l; p != NULL; p = p->next) {
        if (p->last && p->next != NULL)
            reach_error();
        if (!p->last && p->next == NULL)
            reach_error();
    }
    while (l != NULL) {
        p = l->next;
        free(l);
        l = p;
    }
    return 0;
}
