/* expected: memsafety=true, memcleanup=true, unreach-call=true — bubble sort that swaps neighbouring cells by relinking them (prev/p/q), repeated until no swap; checked sorted, then freed */
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
    List prev, p, q;
    int swapped;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = __VERIFIER_nondet_int();
        p->next = head;
        head = p;
    }

    do {
        swapped = 0;
        prev = NULL;
        p = head;
        while (p != NULL && p->next != NULL) {
            q = p->next;
            if (p->data > q->data) {
                p->next = q->next;
                q->next = p;
                if (prev == NULL)
                    head = q;
                else
                    prev->next = q;
                prev = q;
                swapped = 1;
            } else {
                prev = p;
                p = q;
            }
        }
    } while (swapped);

    for (p = head; p && p->next; p = p->next)
        if (p->data > p->next->data)
            reach_error();

    while (head != NULL) {
        p = head;
        head = head->next;
        free(p);
    }
    return 0;
}
