/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list of any length counted as it is built (len++); its second cell, if any, is unlinked, freed and uncounted (len--); the length a function computes by a walk (n++) must equal len; freed */
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
    if (l && l->next) { n = l->next; l->next = n->next; free(n); len--; }
    if (length(l) != len)
        reach_error();
    while (l) { n = l->next; free(l); l = n; }
    return 0;
}
