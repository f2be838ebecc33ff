/* expected: memsafety true, memcleanup true, unreach-call true — the same initialisers; reach_error() is called only if the element after .head = NULL went to the first field instead of the next */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
struct node { struct node *next; int data; };
struct cfg { int a; struct node *head; int c; };
int main(void)
{
    struct cfg c = { .c = 2, .a = 3 };
    struct cfg d = { .head = NULL, 8 };
    struct node *n = malloc(sizeof *n);
    n->next = d.head;
    n->data = __VERIFIER_nondet_int();
    if (d.a == 8 && n->data == 1)
        reach_error();
    free(n);
    return 0;
}
