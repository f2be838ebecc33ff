/* expected: memsafety false, memcleanup false, unreach-call true — a struct pair returned by value and dropped by the caller: its list is lost when the call returns */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int data; };
struct pair { struct node *first, *last; };
static struct pair build(void)
{
    struct pair p;
    p.first = p.last = malloc(sizeof(struct node));
    p.first->next = NULL;
    return p;
}
int main(void)
{
    if (__VERIFIER_nondet_int())
        build();
    return 0;
}
