/* expected: memsafety=true, memcleanup=true, unreach-call=true — a new cell is inserted after a nondet number of steps (or at the head); it is then found in the list, and everything is freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} Node;

int main(void)
{
    Node *head = NULL;
    Node *p, *x;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(Node));
        p->next = head;
        p->data = 0;
        head = p;
    }

    x = malloc(sizeof(Node));
    x->data = 1;
    if (head == NULL || __VERIFIER_nondet_int()) {
        x->next = head;
        head = x;
    } else {
        p = head;
        while (p->next != NULL && __VERIFIER_nondet_int())
            p = p->next;
        x->next = p->next;
        p->next = x;
    }

    for (p = head; p != NULL; p = p->next)
        if (p == x)
            break;
    if (p == NULL)
        reach_error();
    if (p->data != 1)
        reach_error();

    while (head != NULL) {
        p = head;
        head = head->next;
        free(p);
    }
    return 0;
}
