/* expected: memsafety=true, memcleanup=true, unreach-call=true — alternating list 1,2,1,2,... built by prepending pairs; `while (p && p->next)` removes every second cell; all remaining must be 1 */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

int main(void)
{
    struct node *head = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *b = malloc(sizeof(struct node));
        b->data = 2;
        b->next = head;
        struct node *a = malloc(sizeof(struct node));
        a->data = 1;
        a->next = b;
        head = a;
    }
    struct node *p = head;
    while (p && p->next) {
        struct node *q = p->next;
        p->next = q->next;
        free(q);
        p = p->next;
    }
    for (p = head; p != NULL; p = p->next)
        if (p->data != 1)
            reach_error();
    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
