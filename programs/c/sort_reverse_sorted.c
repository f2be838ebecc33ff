/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list built in nondecreasing order (by appending at the tail, data clamped) is reversed; the result is checked nonincreasing and freed */
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
    List head = NULL, tail = NULL, r = NULL;
    List p, t;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = __VERIFIER_nondet_int();
        if (tail != NULL && p->data < tail->data)
            p->data = tail->data;
        p->next = NULL;
        if (tail == NULL)
            head = p;
        else
            tail->next = p;
        tail = p;
    }

    for (p = head; p && p->next; p = p->next)
        if (p->data > p->next->data)
            reach_error();

    while (head != NULL) {
        t = head->next;
        head->next = r;
        r = head;
        head = t;
    }

    for (p = r; p && p->next; p = p->next)
        if (p->data < p->next->data)
            reach_error();

    while (r != NULL) {
        p = r;
        r = r->next;
        free(p);
    }
    return 0;
}
