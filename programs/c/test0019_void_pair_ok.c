/* expected: memsafety=true, memcleanup=true, unreach-call=true — list-ext-properties test-0019 style: a pair of void* blocks in a heap struct, freed when they differ, in a nondet-length loop */

#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct {
    void *lo;
    void *hi;
} TData;

static void alloc_data(TData *pdata)
{
    pdata->lo = malloc(16);
    pdata->hi = malloc(24);
}

static void free_data(TData *data)
{
    void *lo = data->lo;
    void *hi = data->hi;

    if (lo == hi) {
        reach_error();
    }
    free(lo);
    free(hi);

    data->lo = (void *) 0;
    data->hi = (void *) 0;
}

int main() {
    while (__VERIFIER_nondet_int()) {
        TData *data = malloc(sizeof(TData));
        alloc_data(data);
        free_data(data);
        if (data->lo || data->hi)
            reach_error();
        free(data);
    }
    return 0;
}
