/* expected: memsafety=true, memcleanup=true, unreach-call=true — two void * blocks of 16 and 24 bytes allocated through a pointer to a local struct, which is then passed by value to a function that frees both unless they are the same */
#include <stdlib.h>
extern void reach_error(void);
typedef struct TData {
    void *lo;
    void *hi;
} TData;

static void alloc_data(TData *pdata)
{
    pdata->lo = malloc(16);
    pdata->hi = malloc(24);
}

static void free_data(TData data)
{
    void *lo = data.lo;
    void *hi = data.hi;

    if (lo == hi)
        return;

    free(lo);
    free(hi);
}

int main() {
    TData data;
    alloc_data(&data);
    free_data(data);
    return 0;
}
