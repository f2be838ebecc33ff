/* expected: memsafety false, memcleanup false, unreach-call true — the helper's list is lost when work returns (finish exits only on a nondeterministic code) */
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
    finish(__VERIFIER_nondet_int());
}
int main(void)
{
    work();
    return 0;
}
