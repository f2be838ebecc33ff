/* expected: memsafety true, memcleanup true, unreach-call false — designated initialisers of struct variables (out of order, a positional element after a designated one) place each value where C says; reach_error() is called exactly when they do */
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
    if (c.a == 3 && c.c == 2 && d.a == 0 && d.c == 8 && n->data == 1)
        reach_error();
    free(n);
    return 0;
}
