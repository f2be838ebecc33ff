/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — RECURSIVE destroy() that frees the cell before it reads its next field for the recursive call: a use after free on every list of one cell or more, found within the three calls the tool unrolls */
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
    free(l);
    destroy(l->next);
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
