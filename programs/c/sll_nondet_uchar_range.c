/* expected: memsafety=true, memcleanup=true, unreach-call=true — the cells of a list get __VERIFIER_nondet_uchar() data, stored into an int field: no datum is above 255, so the walk that checks it never calls reach_error(); all cells are freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);

struct node {
    struct node *next;
    int data;
};

int main(void)
{
    struct node *head = NULL, *p;
    int limit = __VERIFIER_nondet_uchar();

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = __VERIFIER_nondet_uchar();
        p->next = head;
        head = p;
    }
    if (limit > 255)
        reach_error();
    for (p = head; p != NULL; p = p->next)
        if (p->data > 255)
            reach_error();
    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
