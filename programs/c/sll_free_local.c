/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=true — clear(&head) frees every cell through the List* out-parameter, then frees the parameter itself: the address of main's local variable head, after all cells are gone */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

void clear(List *l)
{
    List t;

    while (*l != NULL) {
        t = (*l)->next;
        free(*l);
        *l = t;
    }
    free(l);   /* BUG: l is &head, not a heap cell */
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

    clear(&head);
    return 0;
}
