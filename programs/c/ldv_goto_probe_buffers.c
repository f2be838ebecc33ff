/* expected: memsafety=true, memcleanup=true, unreach-call=true — driver-probe style: a device and its rx and tx buffers are allocated with an allocator that may fail, each failure (and a failing registration) jumps to goto labels that free what was allocated in reverse order; on success the device is later released */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct buf { int len; };
struct dev { struct buf *rx; struct buf *tx; int registered; };

static void *may_fail_malloc(size_t size)
{
    if (__VERIFIER_nondet_int())
        return NULL;
    return malloc(size);
}

static int probe(struct dev **out)
{
    int err = -12;
    struct dev *d = may_fail_malloc(sizeof(struct dev));
    if (d == NULL)
        goto out;
    d->registered = 0;
    d->rx = may_fail_malloc(sizeof(struct buf));
    if (d->rx == NULL)
        goto err_dev;
    d->tx = may_fail_malloc(sizeof(struct buf));
    if (d->tx == NULL)
        goto err_rx;
    if (__VERIFIER_nondet_int()) {
        err = -5;          /* registration failed */
        goto err_tx;
    }
    d->registered = 1;
    *out = d;
    return 0;

err_tx:
    free(d->tx);
err_rx:
    free(d->rx);
err_dev:
    free(d);
out:
    return err;
}

static void release(struct dev *d)
{
    free(d->tx);
    free(d->rx);
    free(d);
}

int main(void)
{
    struct dev *d = NULL;
    if (probe(&d) == 0) {
        if (!d->registered) reach_error();
        release(d);
    }
    return 0;
}
