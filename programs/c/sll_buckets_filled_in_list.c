/* Buckets linked into their list first, then each given a list of items; destroyed items first,
   then the bucket.  memsafety: true  memcleanup: true  unreach-call: true */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct item {
    struct item *next;
    int key;
};

struct bucket {
    struct bucket *next;
    struct item *items;
};

int main(void)
{
    struct bucket *bs = NULL, *b, *bn;
    struct item *it, *in;
    while (__VERIFIER_nondet_int()) {
        b = malloc(sizeof(struct bucket));
        b->items = NULL;
        b->next = bs;
        bs = b;
        while (__VERIFIER_nondet_int()) {
            it = malloc(sizeof(struct item));
            it->key = 1;
            it->next = b->items;
            b->items = it;
        }
    }
    for (b = bs; b; b = b->next)
        for (it = b->items; it; it = it->next)
            if (it->key != 1)
                reach_error();
    b = bs;
    while (b) {
        it = b->items;
        while (it) {
            in = it->next;
            free(it);
            it = in;
        }
        bn = b->next;
        free(b);
        b = bn;
    }
    return 0;
}
