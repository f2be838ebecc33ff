/* expected: memsafety true, memcleanup false, unreach-call true — the helper's local dies before a call that may abort, but the cell it pointed to is returned through another local */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int data; };
void fail(int c)
{
    if (c)
        abort();
}
struct node *work(void)
{
    struct node *l = malloc(sizeof(struct node)), *keep;
    l->next = NULL;
    l->data = __VERIFIER_nondet_int();
    keep = l;
    fail(l->data < 0);
    return keep;
}
int main(void)
{
    struct node *p = work();
    free(p);
    return 0;
}
