/* Each cell gets a nondet datum assumed not negative (list-ext style), but zero is allowed; a walk checks that no datum is
   zero or negative, then the list is freed. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

struct node { struct node *next; int data; };

int main(void)
{
    struct node *head = NULL, *p;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = __VERIFIER_nondet_int();
        __VERIFIER_assume(p->data >= 0);
        p->next = head;
        head = p;
    }
    for (p = head; p; p = p->next) {
        if (p->data <= 0)
            reach_error();
    }
    while (head) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
