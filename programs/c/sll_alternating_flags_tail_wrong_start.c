/* expected: memsafety=true, memcleanup=false, unreach-call=false — alternating flag list whose loop starts with flag 1 after a first cell of flag 1, so the first two flags are equal */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct node {
    int h;
    struct node *n;
} *List;

int main(void)
{
    List a = malloc(sizeof(struct node));
    a->h = 1;
    a->n = NULL;
    List t = a;
    int flag = 1;
    int i = 1;
    while (i < 20 && __VERIFIER_nondet_int()) {
        List c = malloc(sizeof(struct node));
        c->h = flag;
        c->n = NULL;
        t->n = c;
        t = c;
        flag = !flag;
        i++;
    }
    if (a->h != 1)
        reach_error();
    for (List p = a; p->n != NULL; p = p->n)
        if (p->h == p->n->h)
            reach_error();
    while (a != NULL) {
        t = a->n;
        free(a);
        a = t;
    }
    return 0;
}
