/* expected: memsafety=true, memcleanup=false, unreach-call=false — (memcleanup: reach_error() ends the run with the list's cells) reach_error() only when the list, read from its head, starts with the data 4, 7, then a value in (1000, 1003): random values almost never give it, runs steered by the tests' values do */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node {
    int data;
    struct node *next;
};

int main(void)
{
    struct node *head = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *c = malloc(sizeof(struct node));
        c->data = __VERIFIER_nondet_int();
        c->next = head;
        head = c;
    }
    struct node *p = head;
    if (p != NULL && p->data == 4) {
        p = p->next;
        if (p != NULL && p->data == 7) {
            p = p->next;
            if (p != NULL && p->data > 1000 && p->data < 1003)
                reach_error();
        }
    }
    while (head != NULL) {
        struct node *t = head->next;
        free(head);
        head = t;
    }
    return 0;
}
