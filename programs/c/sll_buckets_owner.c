/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list of buckets, each with a list of items that point back to their bucket (`it->owner = b`); every item and bucket is freed, bucket by bucket */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }

struct bucket;
struct item {
  struct item *next;
  struct bucket *owner;
};
struct bucket {
  struct bucket *next;
  struct item *items;
};

int main(void)
{
  struct bucket *bs = NULL;
  while (__VERIFIER_nondet_int()) {
    struct bucket *b = malloc(sizeof(struct bucket));
    b->items = NULL;
    b->next = bs;
    bs = b;
    while (__VERIFIER_nondet_int()) {
      struct item *it = malloc(sizeof(struct item));
      it->owner = b;
      it->next = b->items;
      b->items = it;
    }
  }
  while (bs) {
    struct bucket *b = bs;
    bs = bs->next;
    while (b->items) {
      struct item *it = b->items;
      b->items = it->next;
      free(it);
    }
    free(b);
  }
  return 0;
}
