/* expected: memsafety=true, memcleanup=true, unreach-call=true — bubble sort over a list by counts, as over an array: n cells counted as they are made, pass i walks j from 0 while j < n - 1 - i and swaps the data of p and p->next; checked ascending, then freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

int main(void)
{
    struct node *head = NULL, *p;
    int n = 0, i, j, t;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = __VERIFIER_nondet_int();
        p->next = head;
        head = p;
        n++;
    }
    for (i = 0; i < n - 1; i++) {
        p = head;
        for (j = 0; j < n - 1 - i; j++) {
            if (p->data > p->next->data) {
                t = p->data;
                p->data = p->next->data;
                p->next->data = t;
            }
            p = p->next;
        }
    }
    for (p = head; p != NULL && p->next != NULL; p = p->next)
        if (p->data > p->next->data)
            reach_error();
    while (head != NULL) {
        p = head;
        head = head->next;
        free(p);
    }
    return 0;
}
