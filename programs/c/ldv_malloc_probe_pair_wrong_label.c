/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — ldv-memsafety style: ldv_malloc may return NULL; a probe allocates a device and two buffers, unwinding with gotos on failure; a list of probed devices is released; the tx failure path jumps to err_dev and loses rx */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

void *ldv_malloc(size_t size) {
  if (__VERIFIER_nondet_int()) {
    return malloc(size);
  } else {
    return 0;
  }
}

struct buf {
  int len;
};

struct dev {
  struct dev *next;
  struct buf *rx;
  struct buf *tx;
};

struct dev *devices;

int probe(void) {
  struct dev *d;
  int err = -12;
  d = ldv_malloc(sizeof(struct dev));
  if (!d)
    goto err_out;
  d->rx = ldv_malloc(sizeof(struct buf));
  if (!d->rx)
    goto err_dev;
  d->tx = ldv_malloc(sizeof(struct buf));
  if (!d->tx)
    goto err_dev;
  d->rx->len = 0;
  d->tx->len = 0;
  d->next = devices;
  devices = d;
  return 0;
err_rx:
  free(d->rx);
err_dev:
  free(d);
err_out:
  return err;
}

void disconnect_all(void) {
  while (devices) {
    struct dev *d = devices;
    devices = d->next;
    if (d->rx->len != 0 || d->tx->len != 0)
      reach_error();
    free(d->tx);
    free(d->rx);
    free(d);
  }
}

int main(void) {
  int n = 0;
  while (__VERIFIER_nondet_int()) {
    if (probe() == 0)
      n++;
  }
  disconnect_all();
  if (devices != 0)
    reach_error();
  return 0;
}
