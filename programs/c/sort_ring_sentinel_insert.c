/* expected: memsafety=true, memcleanup=true, unreach-call=true — a ring with a sentinel cell: nondet values inserted in sorted position (the walk stops at the sentinel), the ring checked ascending from sentinel->next back to the sentinel, then freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node {
    int data;
    struct node *next;
};

static void insert(struct node *sent, int v)
{
    struct node *p = sent;
    while (p->next != sent && p->next->data < v)
        p = p->next;
    struct node *c = malloc(sizeof(*c));
    c->data = v;
    c->next = p->next;
    p->next = c;
}

int main(void)
{
    struct node *sent = malloc(sizeof(*sent));
    sent->data = 0;
    sent->next = sent;
    while (__VERIFIER_nondet_int())
        insert(sent, __VERIFIER_nondet_int());
    struct node *p = sent->next;
    while (p != sent && p->next != sent) {
        if (p->data > p->next->data)
            reach_error();
        p = p->next;
    }
    p = sent->next;
    while (p != sent) {
        struct node *t = p->next;
        free(p);
        p = t;
    }
    free(sent);
    return 0;
}
