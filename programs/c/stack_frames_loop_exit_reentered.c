/* expected: memsafety false, memcleanup false, unreach-call true — work is called in a loop; a later call may exit before its local is written again, but the cell of an earlier call was lost when that call returned */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int data; };
void work(int first)
{
    if (!first && __VERIFIER_nondet_int())
        exit(0);
    struct node *l = malloc(sizeof(struct node));
    l->next = NULL;
    if (__VERIFIER_nondet_int())
        abort();
}
int main(void)
{
    int first = 1;
    while (__VERIFIER_nondet_int()) {
        work(first);
        first = 0;
    }
    return 0;
}
