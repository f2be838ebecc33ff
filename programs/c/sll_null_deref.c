/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — set_first() writes the data of the first cell without checking for the empty list: when the loop builds no cell it dereferences NULL (nothing is allocated then); otherwise all cells are freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

void set_first(List l, int d)
{
    l->data = d;   /* BUG: l may be NULL */
}

int main(void)
{
    List head = NULL;
    List p;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = 0;
        p->next = head;
        head = p;
    }

    set_first(head, 1);

    while (head != NULL) {
        p = head;
        head = head->next;
        free(p);
    }
    return 0;
}
