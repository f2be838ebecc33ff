/* expected: memsafety=true, memcleanup=true, unreach-call=true — ldv-style probe()/disconnect() with a goto error path that frees in reverse order; state checked to be 1 after a successful probe */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

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
        goto err_buf;
    d->state = 1;
    g_dev = d;
    return 0;
err_buf:
    free(d->buf);
err_dev:
    free(d);
    return -1;
}

static void disconnect(void)
{
    if (g_dev->state != 1)
        reach_error();
    free(g_dev->buf);
    free(g_dev);
    g_dev = NULL;
}

int main(void)
{
    int ret = probe();
    if (ret == 0)
        disconnect();
    return 0;
}
