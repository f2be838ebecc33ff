/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — ldv-memsafety memleaks_test style: ldv_malloc may fail (returns 0); a struct holding two allocated buffers is freed without its buffers */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

void *ldv_malloc(size_t size)
{
    if (__VERIFIER_nondet_int())
        return malloc(size);
    return 0;
}

struct A { int *a; int *b; };

void entry_point(void)
{
    struct A *p = ldv_malloc(sizeof(struct A));
    if (!p)
        return;
    p->a = ldv_malloc(sizeof(int));
    p->b = ldv_malloc(sizeof(int));
    free(p);
}

int main(void)
{
    entry_point();
    return 0;
}
