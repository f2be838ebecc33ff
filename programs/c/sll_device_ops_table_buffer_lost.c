/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — the twin of sll_device_ops_table.c whose release frees the device but not its buffer (valid-memtrack) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
#include <assert.h>
void reach_error() { assert(0); }

struct buffer {
    int size;
};

struct device;

struct device_ops {
    int (*open)(struct device *);
    void (*release)(struct device *);
};

struct device {
    struct device *next;
    struct buffer *buf;
    int opened;
    const struct device_ops *ops;
};

static int dev_open(struct device *d)
{
    d->buf = NULL;
    if (__VERIFIER_nondet_int()) {
        d->buf = malloc(sizeof *d->buf);
        d->buf->size = 16;
    }
    d->opened = 1;
    return 0;
}

static void dev_release(struct device *d)
{
    if (d->opened != 1)
        reach_error();

    free(d);
}

static const struct device_ops ops = { .open = dev_open, .release = dev_release };

int main()
{
    struct device *devices = NULL;
    while (__VERIFIER_nondet_int()) {
        struct device *d = malloc(sizeof *d);
        d->ops = &ops;
        d->opened = 0;
        if (d->ops->open(d) != 0) {
            free(d);
            continue;
        }
        d->next = devices;
        devices = d;
    }
    while (devices) {
        struct device *next = devices->next;
        devices->ops->release(devices);
        devices = next;
    }
    return 0;
}
