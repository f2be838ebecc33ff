/* expected: memsafety=true, memcleanup=true, unreach-call=true — RECURSIVE destroy(): frees the tail first, then the cell; every cell is freed exactly once (recursion is unrolled three calls deep: nothing wrong is found on those paths, and the deeper ones are not followed, so the tool answers unknown) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

void destroy(List l)
{
    if (l == NULL)
        return;
    destroy(l->next);
    if (l->data != 1)
        reach_error();
    free(l);
}

int main(void)
{
    List head = NULL;
    List p;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = 1;
        p->next = head;
        head = p;
    }

    destroy(head);
    return 0;
}
