/* expected: memsafety=true, memcleanup=true, unreach-call=true — as ldv_struct_buffers_leak, but the buffers are freed first (free(NULL) when an allocation failed) */
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
    free(p->a);
    free(p->b);
    free(p);
}

int main(void)
{
    entry_point();
    return 0;
}
