/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — list-ext-properties test-0019 style: a pair of void* blocks freed only when they alias */

#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

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
        free(lo);
        free(hi);
    }

    data->lo = (void *) 0;
    data->hi = (void *) 0;
}

int main() {
    TData data;
    alloc_data(&data);
    free_data(&data);
    return 0;
}
