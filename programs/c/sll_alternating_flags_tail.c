/* expected: memsafety=true, memcleanup=true, unreach-call=true — list of alternating 1/0 flags appended at a tail (first cell 1, at most 20 cells); the walk checks that the first flag is 1 and neighbours differ, then the list is freed */
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
    int flag = 0;
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
