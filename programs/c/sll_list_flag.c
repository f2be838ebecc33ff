/* expected: memsafety=true, memcleanup=true, unreach-call=true — list_flag: a nondet flag chosen once decides whether every cell holds 1 or 2; the check walk compares each cell with the value the flag selects, then the list is freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct node {
    int h;
    struct node *n;
} *List;

int main(void)
{
    int flag = __VERIFIER_nondet_int();
    List a = NULL, t;
    while (__VERIFIER_nondet_int()) {
        t = malloc(sizeof(struct node));
        if (flag)
            t->h = 1;
        else
            t->h = 2;
        t->n = a;
        a = t;
    }
    for (List p = a; p != NULL; p = p->n) {
        if (flag) {
            if (p->h != 1)
                reach_error();
        } else {
            if (p->h != 2)
                reach_error();
        }
    }
    while (a != NULL) {
        t = a->n;
        free(a);
        a = t;
    }
    return 0;
}
