/* expected: memsafety=true, memcleanup=true, unreach-call=true — ldv style: a device allocated once through a wrapper counts its buffers in a field (d->nbufs++ per buffer); the release frees every buffer, checks the count against the walk's, and frees the device */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct buf {
    int size;
    struct buf *next;
};

struct device {
    int nbufs;
    struct buf *bufs;
};

static void *ldv_zalloc(unsigned long sz)
{
    void *p = malloc(sz);
    return p;
}

static int dev_add_buf(struct device *d, int size)
{
    struct buf *b = ldv_zalloc(sizeof(*b));
    b->size = size;
    b->next = d->bufs;
    d->bufs = b;
    d->nbufs++;
    return 0;
}

static void dev_release(struct device *d)
{
    int k = 0;
    while (d->bufs) {
        struct buf *b = d->bufs;
        d->bufs = b->next;
        free(b);
        k++;
    }
    if (k != d->nbufs)
        reach_error();
    free(d);
}

int main(void)
{
    struct device *d = ldv_zalloc(sizeof(*d));
    d->nbufs = 0;
    d->bufs = NULL;
    while (__VERIFIER_nondet_int())
        dev_add_buf(d, __VERIFIER_nondet_int());
    dev_release(d);
    return 0;
}
