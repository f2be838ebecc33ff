/* expected: memsafety=true, memcleanup=false, unreach-call=true — the list hangs from a global pointer and is never freed: every cell stays reachable until main returns (no memtrack violation), but a nonempty list is not cleaned up */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

List head = NULL;

void push(int d)
{
    List n = malloc(sizeof(struct node));
    n->data = d;
    n->next = head;
    head = n;
}

int main(void)
{
    List p;

    while (__VERIFIER_nondet_int())
        push(1);

    for (p = head; p != NULL; p = p->next)
        if (p->data != 1)
            reach_error();
    return 0;
}
