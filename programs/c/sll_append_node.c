/* expected: memsafety=true, memcleanup=true, unreach-call=true — append(&head, d) adds a cell at the end through a List* out-parameter; destroy() frees the whole list */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

void append(List *l, int d)
{
    List n = malloc(sizeof *n);
    List p;

    n->next = NULL;
    n->data = d;
    if (*l == NULL) {
        *l = n;
        return;
    }
    p = *l;
    while (p->next != NULL)
        p = p->next;
    p->next = n;
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
    List p;

    while (__VERIFIER_nondet_int())
        append(&head, 1);

    for (p = head; p != NULL; p = p->next)
        if (p->data != 1)
            reach_error();

    destroy(head);
    return 0;
}
