/* expected: memsafety=true, memcleanup=true, unreach-call=true — the first cell of a list is copied by value into a new cell (*p = *l), which is linked after it; the copy holds the datum and the successor */
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

struct node {
    struct node *next;
    int data;
};

int main(void)
{
    struct node *l = NULL, *p, *rest;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        if (!p)
            abort();
        p->data = 1;
        p->next = l;
        l = p;
    }
    if (l != NULL) {
        p = malloc(sizeof(struct node));
        if (!p)
            abort();
        if (__VERIFIER_nondet_int())
            *p = *l;
        else
            memcpy(p, l, sizeof(struct node));
        rest = l->next;
        if (p->next != rest || p->data != 1)
            reach_error();
        l->next = p;
    }
    for (p = l; p != NULL; p = p->next)
        if (p->data != 1)
            reach_error();
    while (l != NULL) {
        p = l->next;
        free(l);
        l = p;
    }
    return 0;
}
