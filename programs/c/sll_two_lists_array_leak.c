/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — a local array of two list heads (indexed by constants only): the second list's cells are moved onto the first one by one, but when the second list is not empty at the start the first is overwritten by it instead of joined, losing the first list */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node {
    struct node *next;
};

int main(void)
{
    struct node *heads[2] = { NULL, NULL };
    struct node *p;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        if (__VERIFIER_nondet_int()) {
            p->next = heads[0];
            heads[0] = p;
        } else {
            p->next = heads[1];
            heads[1] = p;
        }
    }

    if (heads[1] != NULL)
        heads[0] = heads[1];   /* BUG: the first list is lost */
    else
        heads[1] = NULL;

    while (heads[0] != NULL) {
        p = heads[0]->next;
        free(heads[0]);
        heads[0] = p;
    }
    return 0;
}
