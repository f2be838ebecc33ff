/* expected: memsafety=true, memcleanup=true, unreach-call=true — two lists kept in a global array of two list pointers (indexed by constants only): each cell goes to one of them with its list's number as data; a walk checks every cell's data; both lists are freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

struct node {
    struct node *next;
    int data;
};

struct node *lists[2];

static void push(int which, struct node *p)
{
    if (which) {
        p->data = 1;
        p->next = lists[1];
        lists[1] = p;
    } else {
        p->data = 0;
        p->next = lists[0];
        lists[0] = p;
    }
}

int main(void)
{
    struct node *p, *q;

    while (__VERIFIER_nondet_int())
        push(__VERIFIER_nondet_int(), malloc(sizeof(struct node)));

    for (p = lists[0]; p != NULL; p = p->next)
        if (p->data != 0)
            reach_error();
    for (p = lists[1]; p != NULL; p = p->next)
        if (p->data != 1)
            reach_error();

    while (lists[0] != NULL) {
        q = lists[0]->next;
        free(lists[0]);
        lists[0] = q;
    }
    p = lists[1];
    while (p != NULL) {
        q = p->next;
        free(p);
        p = q;
    }
    lists[1] = NULL;
    return 0;
}
