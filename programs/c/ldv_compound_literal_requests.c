/* expected: memsafety=true, memcleanup=true, unreach-call=true — ldv-memsafety style driver: kzalloc (malloc, then memset under likely(p != NULL)) and kfree wrappers, do { } while (0) check macros, each request made by a compound literal (*r = (struct request){ .next = dev->reqs, .id = id, .done = 0 }), goto error unwinding; every path releases the requests, then frees the device */
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define CHECK(c) do { if (!(c)) reach_error(); } while (0)

struct request {
  struct request *next;
  int id;
  int done;
};

struct device {
  struct request *reqs;
  int nreq;
};

static void *kzalloc(size_t size) {
  void *p = malloc(size);
  if (likely(p != NULL))
    memset(p, 0, size);
  return p;
}

static void kfree(const void *p) {
  free((void *) p);
}

static int add_request(struct device *dev, int id) {
  struct request *r = kzalloc(sizeof *r);
  if (unlikely(!r))
    return -12;
  *r = (struct request) { .next = dev->reqs, .id = id, .done = 0 };
  dev->reqs = r;
  dev->nreq++;
  return 0;
}

static void release(struct device *dev) {
  struct request *r = dev->reqs;
  while (r) {
    struct request *nx = r->next;
    CHECK(r->done == 0);
    kfree(r);
    r = nx;
  }
  dev->reqs = NULL;
}

int main(void) {
  int err = 0;
  struct device *dev = kzalloc(sizeof *dev);
  if (unlikely(!dev))
    return -12;
  CHECK(dev->reqs == NULL && dev->nreq == 0);
  while (__VERIFIER_nondet_int()) {
    err = add_request(dev, __VERIFIER_nondet_int());
    if (err)
      goto out_release;
  }
  if (__VERIFIER_nondet_int()) {
    err = -5;
    goto out_release;
  }
out_release:
  release(dev);
  kfree(dev);
  return err;
}
