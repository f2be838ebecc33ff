/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — a list of exactly three cells is destroyed by free(l); l = l->next;: the read of the freed cell's next is the violation (the abstraction loses l's successors at the free, a leak only Valgrind's end-of-run check would see) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

struct node {
    struct node *next;
    int data;
};

int main(void)
{
    struct node *l = NULL, *p;
    int i;

    for (i = 0; i < 3; i++) {
        p = malloc(sizeof(struct node));
        if (!p)
            abort();
        p->data = i;
        p->next = l;
        l = p;
    }
    while (l != NULL) {
        free(l);
        l = l->next;   /* BUG: l was freed */
    }
    return 0;
}
