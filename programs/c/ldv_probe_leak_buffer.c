/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — ldv-style probe(): allocates a device and its buffer; on a nondet failure it jumps to an error label that frees the device but not its buffer */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct buffer {
    struct buffer *next;
    int len;
};

struct device {
    struct buffer *buf;
    struct device *parent;
    int state;
};

static struct device *g_dev;

static int probe(void)
{
    struct device *d = malloc(sizeof(struct device));
    if (!d)
        return -12;
    d->parent = NULL;
    d->state = 0;
    d->buf = malloc(sizeof(struct buffer));
    if (!d->buf)
        goto err_dev;
    d->buf->next = NULL;
    d->buf->len = 0;
    if (__VERIFIER_nondet_int())
        goto err_dev;   /* bug: d->buf leaks */
    d->state = 1;
    g_dev = d;
    return 0;
err_dev:
    free(d);
    return -1;
}

static void disconnect(void)
{
    if (g_dev) {
        free(g_dev->buf);
        free(g_dev);
        g_dev = NULL;
    }
}

int main(void)
{
    if (probe() == 0)
        disconnect();
    return 0;
}
