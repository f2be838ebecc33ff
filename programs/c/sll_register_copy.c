/* expected: memsafety=true, memcleanup=true, unreach-call=true — two int variables hold copies of one datum (b = a, where a may come from the cell); the cell gets b back, so it is never below a */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
int main(void)
{
    struct node *p = malloc(sizeof(*p));
    p->data = __VERIFIER_nondet_int();
    int a = __VERIFIER_nondet_int();
    if (__VERIFIER_nondet_int()) a = p->data;
    int b = a;
    p->data = b;
    if (p->data < a) reach_error();
    free(p);
    return 0;
}
