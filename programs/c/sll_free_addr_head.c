/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=true — after the cells are freed one by one, main calls free(&head) (meaning to free "the list"): the address of a local variable is not a heap pointer; every cell is already freed then */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

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

    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    free(&head);   /* BUG: not a heap pointer */
    return 0;
}
