/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — after destroy(head) has freed the (nonempty) list, main still writes through the dangling head pointer; nothing is allocated any more at that point */
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

    do {
        p = malloc(sizeof(struct node));
        p->data = 1;
        p->next = head;
        head = p;
    } while (__VERIFIER_nondet_int());

    destroy(head);
    head->next = NULL;   /* BUG: head was freed by destroy() */
    return 0;
}
