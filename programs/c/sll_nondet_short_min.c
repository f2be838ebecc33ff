/* expected: memsafety=true, memcleanup=false, unreach-call=false — the cells get __VERIFIER_nondet_short() data in an int field; a datum may be -32768, the least short, and the walk then calls reach_error() with the list still allocated (it is never below -32768: that test is never true) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern short __VERIFIER_nondet_short(void);
extern void reach_error(void);

struct node {
    struct node *next;
    int data;
};

int main(void)
{
    struct node *head = NULL, *p;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = __VERIFIER_nondet_short();
        p->next = head;
        head = p;
    }
    for (p = head; p != NULL; p = p->next) {
        if (p->data < -32768)
            abort();
        if (p->data == -32768)
            reach_error();
    }
    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
