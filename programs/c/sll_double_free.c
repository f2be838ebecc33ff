/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=true — destroy(head) frees every cell, then main frees head again: a double free whenever the list is nonempty (free(NULL) is fine); nothing else is allocated then */
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

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = 1;
        p->next = head;
        head = p;
    }

    destroy(head);
    free(head);   /* BUG: head was already freed by destroy() */
    return 0;
}
