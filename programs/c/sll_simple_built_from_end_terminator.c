/* expected: memsafety=true, memcleanup=false, unreach-call=false — list built from its end onto a terminator cell holding 3; the check walks with p != NULL instead of p->n != NULL and so also tests the terminator, which fails */
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
    while (p != NULL) {
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
