/* expected: memsafety=true, memcleanup=true, unreach-call=true — list built from its end (simple_built_from_end) by prepending cells holding 1 onto a terminator cell holding 3; the check walks while p->n != NULL, so every cell but the terminator must hold 1; then freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    int h;
    struct node *n;
} *List;

int main(void)
{
    List a = (List) malloc(sizeof(struct node));
    if (a == NULL)
        abort();
    a->h = 3;
    a->n = NULL;
    List t;
    while (__VERIFIER_nondet_int()) {
        t = (List) malloc(sizeof(struct node));
        if (t == NULL)
            abort();
        t->h = 1;
        t->n = a;
        a = t;
    }
    List p = a;
    while (p->n != NULL) {
        if (p->h != 1)
            reach_error();
        p = p->n;
    }
    while (a != NULL) {
        t = a->n;
        free(a);
        a = t;
    }
    return 0;
}
