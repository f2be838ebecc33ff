/* expected: memsafety=true, memcleanup=true, unreach-call=true — a mode chosen once, assumed in 0..2 and only tested against constants (by order too), decides how many cells are removed from the front before the list is freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void abort(void);
extern void reach_error(void);

struct node {
    struct node *next;
    int data;
};

int main(void)
{
    struct node *l = NULL, *p;
    int mode = __VERIFIER_nondet_int();

    __VERIFIER_assume(mode >= 0 && mode <= 2);
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        if (!p)
            abort();
        p->data = 1;
        p->next = l;
        l = p;
    }
    if (mode > 0 && l != NULL) {
        p = l;
        l = l->next;
        free(p);
    }
    if (mode > 1 && l != NULL) {
        p = l;
        l = l->next;
        free(p);
    }
    if (mode < 0 || mode > 2)
        reach_error();
    while (l != NULL) {
        p = l->next;
        free(l);
        l = p;
    }
    return 0;
}
