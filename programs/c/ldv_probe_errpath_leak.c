/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — ldv memleaks style error path: probe() allocates a device and then its buffer; when the buffer allocation fails it returns -12 without freeing the device (lost when probe returns); otherwise the device is registered in a global and freed by disconnect() */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

void *ldv_malloc(size_t size)
{
    if (__VERIFIER_nondet_int())
        return malloc(size);
    return 0;
}

struct buf { int len; };
struct dev { struct buf *b; int id; };
struct dev *registered;

int probe(void)
{
    struct dev *d = ldv_malloc(sizeof(struct dev));
    if (!d)
        return -12;
    d->id = 1;
    d->b = ldv_malloc(sizeof(struct buf));
    if (!d->b)
        return -12;
    d->b->len = 0;
    registered = d;
    return 0;
}

void disconnect(void)
{
    free(registered->b);
    free(registered);
    registered = NULL;
}

int main(void)
{
    if (probe() == 0)
        disconnect();
    return 0;
}
