/* expected: memsafety=true, memcleanup=false, unreach-call=true — make() returns a fresh heap int holding its argument; the two values differ as they were made; only one of them is freed before main returns */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

int *make(int v)
{
    int *p = malloc(sizeof *p);
    if (p == NULL) abort();
    *p = v;
    return p;
}

int main(void)
{
    int *a = make(1);
    int *b = make(2);
    if (__VERIFIER_nondet_int()) {
        int *t = a;
        a = b;
        b = t;
    }
    if (*a == *b)
        reach_error();
    free(a);
    return 0;
}
