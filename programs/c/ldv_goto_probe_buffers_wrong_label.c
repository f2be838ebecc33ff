/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — as ldv_goto_probe_buffers (probe with goto cleanup labels), but the registration failure jumps to the rx label, skipping the free of the tx buffer, which is lost when the device is freed */
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
        goto err_rx;       /* wrong label: tx is not freed */
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
