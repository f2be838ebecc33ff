/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — a cyclic list is destroyed with a loop that waits for NULL, which never comes: after freeing every cell it is back at the freed head and reads its next field (use after free); nothing is allocated any more then */
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
    List head = malloc(sizeof(struct node));
    List p, t;

    head->data = 0;
    head->next = head;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = 1;
        p->next = head->next;
        head->next = p;
    }

    for (p = head->next; p != head; p = p->next)
        if (p->data != 1)
            reach_error();

    p = head;
    head = NULL;
    while (p != NULL) {   /* BUG: the cycle was not broken */
        t = p->next;
        free(p);
        p = t;
    }
    return 0;
}
