/* expected: memsafety=true, memcleanup=false, unreach-call=true — splice by flag whose cleanup frees only the list of 1s; the list of 2s is still held by main when it returns */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct node {
    int h;
    struct node *n;
} *List;

static void splice(List l, List *ones, List *twos)
{
    *ones = NULL;
    *twos = NULL;
    while (l != NULL) {
        List c = l;
        l = l->n;
        if (c->h == 1) {
            c->n = *ones;
            *ones = c;
        } else {
            c->n = *twos;
            *twos = c;
        }
    }
}

static void destroy(List l)
{
    while (l != NULL) {
        List t = l->n;
        free(l);
        l = t;
    }
}

int main(void)
{
    List a = NULL;
    int len = 0;
    while (__VERIFIER_nondet_int()) {
        List t = malloc(sizeof(struct node));
        t->h = __VERIFIER_nondet_int() ? 1 : 2;
        t->n = a;
        a = t;
        len++;
    }
    List l1, l2;
    splice(a, &l1, &l2);
    a = NULL;
    for (List p = l1; p != NULL; p = p->n) {
        if (p->h != 1)
            reach_error();
        len--;
    }
    for (List p = l2; p != NULL; p = p->n) {
        if (p->h != 2)
            reach_error();
        len--;
    }
    if (len != 0)
        reach_error();
    destroy(l1);
    return 0;
}
