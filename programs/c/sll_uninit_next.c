/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — the first cell created (the tail) never gets its next field set; destroy() frees every cell and then follows the tail's uninitialised next pointer (nothing is allocated any more then) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

List push(List l)
{
    List n = malloc(sizeof(struct node));
    n->data = 1;
    if (l != NULL)
        n->next = l;   /* BUG: n->next is left uninitialised when l == NULL */
    return n;
}

void destroy(List l)
{
    List t;

    while (l != NULL) {
        t = l->next;
        free(l);
        l = t;
    }
}

int main(void)
{
    List head = NULL;

    while (__VERIFIER_nondet_int())
        head = push(head);

    destroy(head);
    return 0;
}
