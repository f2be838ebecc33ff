/* expected: memsafety=true, memcleanup=true, unreach-call=true — an int index walks a list whose length is counted in an unsigned int (`for (int i = 0; i < len; i++)`: i is converted to unsigned, and keeps its value, never negative); the walk ends at NULL */
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
    for (int i = 0; i < len; i++) {
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
