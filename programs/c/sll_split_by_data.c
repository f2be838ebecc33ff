/* expected: memsafety=true, memcleanup=true, unreach-call=true — list-properties splice style: a list with data 1 or 2 (nondet) is split into two lists by data, each then checked and freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct node {
    int h;
    struct node *n;
} *List;

int main(void)
{
    List a = (List) malloc(sizeof(struct node));
    if (a == 0) abort();
    List t;
    List p = a;
    int counter = 0;
    while (__VERIFIER_nondet_int()) {
        if (counter == 0)
            p->h = 1;
        else
            p->h = 2;
        counter = (counter + 1) % 2;
        t = (List) malloc(sizeof(struct node));
        if (t == 0) abort();
        p->n = t;
        p = p->n;
    }
    p->h = 3;
    p->n = 0;

    List l1 = 0, l2 = 0;
    p = a;
    while (p->h != 3) {
        t = p->n;
        if (p->h == 1) {
            p->n = l1;
            l1 = p;
        } else {
            p->n = l2;
            l2 = p;
        }
        p = t;
    }
    for (t = l1; t; t = t->n)
        if (t->h != 1) reach_error();
    for (t = l2; t; t = t->n)
        if (t->h != 2) reach_error();
    free(p);
    while (l1) { t = l1->n; free(l1); l1 = t; }
    while (l2) { t = l2->n; free(l2); l2 = t; }
    return 0;
}
