/* expected: memsafety=true, memcleanup=true, unreach-call=true — ldv memleaks style: an array of 5 pointers filled by ldv_malloc in a loop (some NULL); every element freed (free(NULL) is fine) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

void *ldv_malloc(size_t size)
{
    if (__VERIFIER_nondet_int())
        return malloc(size);
    return 0;
}

struct obj { int v; };

int main(void)
{
    struct obj *a[5];
    int i;
    for (i = 0; i < 5; i++) {
        a[i] = ldv_malloc(sizeof(struct obj));
        if (a[i])
            a[i]->v = i;
    }
    for (i = 0; i < 5; i++)
        free(a[i]);
    return 0;
}
