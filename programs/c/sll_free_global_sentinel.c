/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=true — the list ends with a global sentinel cell instead of NULL; destroy() stops at NULL instead of at the sentinel, so after freeing every heap cell it frees the global sentinel */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

struct node nil_cell;
List nil = &nil_cell;

void destroy(List l)
{
    List t;

    while (l != NULL) {   /* BUG: should stop at nil */
        t = l->next;
        free(l);
        l = t;
    }
}

int main(void)
{
    List head, p;

    nil->next = NULL;
    nil->data = 0;
    head = nil;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = 1;
        p->next = head;
        head = p;
    }

    for (p = head; p != nil; p = p->next)
        if (p->data != 1)
            reach_error();

    destroy(head);
    return 0;
}
