/* expected: memsafety=true, memcleanup=false, unreach-call=false — sll_remove_second_counted.c without the len--: on a list of two cells or more the walk's length is len - 1 */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
int length(struct node *l)
{
    int n = 0;
    while (l) {
        struct node *q = l->next;
        n++;
        l = q;
    }
    return n;
}
int main(void)
{
    struct node *l = NULL, *n;
    int len = 0;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof *n);
        n->data = __VERIFIER_nondet_int();
        n->next = l;
        l = n;
        len++;
    }
    if (l && l->next) { n = l->next; l->next = n->next; free(n); }
    if (length(l) != len)
        reach_error();
    while (l) { n = l->next; free(l); l = n; }
    return 0;
}
