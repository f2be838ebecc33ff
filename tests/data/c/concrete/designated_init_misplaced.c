/* expected: memsafety true, memcleanup true, unreach-call true — designated initialisers (nested, array indices, a positional element after a designated one) place each value where C says; reach_error() is called only when one is misplaced */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
struct node { struct node *next; int data; };
struct inner { int x; int y; };
struct cfg { int a; struct node *head; int b[3]; struct inner in; int c; };
int main(void)
{
    struct cfg c = { .b = { 1, 2 }, .in.y = 7, .a = 3, .b[2] = 9 };
    struct cfg d = { .head = NULL, { 4, 5 }, .in = { .y = 6 }, 8 };
    int e[4] = { [2] = 7, [0] = 1, 2 };
    struct node *n = malloc(sizeof *n);
    n->next = d.head;
    n->data = __VERIFIER_nondet_int();
    if (!(c.a == 3 && c.b[0] == 1 && c.b[1] == 2 && c.b[2] == 9 && c.in.x == 0 && c.in.y == 7
        && d.b[0] == 4 && d.b[1] == 5 && d.in.y == 6 && d.c == 8 && e[1] == 2 && e[2] == 7 && e[3] == 0
        ) && n->data == 1)
        reach_error();
    free(n);
    return 0;
}
