/* expected: memsafety=true, memcleanup=false, unreach-call=false — the same walk from i = -1: converted to unsigned it is 4294967295, not below len, so the loop never runs and a non-empty list is not walked to its end */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int d; };

int main(void)
{
    struct node *l = NULL, *n;
    unsigned int len = 0;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof *n);
        n->next = l;
        l = n;
        len++;
    }
    n = l;
    for (int i = -1; i < len; i++) {
        n->d = 1;
        n = n->next;
    }
    if (n != NULL)
        reach_error();
    while (l) {
        n = l->next;
        free(l);
        l = n;
    }
    return 0;
}
