/* expected: memsafety=true, memcleanup=true, unreach-call=true — splice: a list whose cells hold flag 1 or 2 (nondet) is split by a helper into two lists through out-parameters, one per flag; each part is checked to hold only its flag and the cell counts must add up; both parts are freed */
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
    destroy(l2);
    return 0;
}
