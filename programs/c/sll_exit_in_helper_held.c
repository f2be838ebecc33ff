/* expected: memsafety true, memcleanup false, unreach-call true — work exits while its list is held; it returns only with an empty list, and is called twice */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int data; };
void finish(int code)
{
    if (code)
        exit(0);
}
void work(void)
{
    struct node *l = NULL, *x;
    while (__VERIFIER_nondet_int()) {
        x = malloc(sizeof(struct node));
        x->next = l;
        l = x;
    }
    finish(l != NULL);
}
int main(void)
{
    while (__VERIFIER_nondet_int())
        work();
    return 0;
}
