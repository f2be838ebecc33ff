/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — the list is "reset" by assigning NULL to head, its only pointer, instead of freeing it: a nonempty first list becomes unreachable; the second list is freed */
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
    p = NULL;

    head = NULL;   /* BUG: the old cells are lost */

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = 2;
        p->next = head;
        head = p;
    }

    while (head != NULL) {
        p = head;
        head = head->next;
        if (p->data != 2)
            reach_error();
        free(p);
    }
    return 0;
}
