/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list walked with a callback chosen at run time (a checker or a counter); the checker is handed reach_error as its failure function through a pointer, and every key is in range */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }

struct item {
    struct item *next;
    int key;
};

typedef void (*fail_fn)(void);

static void check(struct item *it, fail_fn fail)
{
    if (it->key < 0 || it->key > 3)
        fail();
}

static void walk(struct item *l, void (*f)(struct item *, fail_fn))
{
    for (; l != NULL; l = l->next)
        f(l, reach_error);
}

int main(void)
{
    struct item *l = NULL;
    while (__VERIFIER_nondet_int()) {
        struct item *it = malloc(sizeof *it);
        it->key = __VERIFIER_nondet_int() ? 3 : 0;
        it->next = l;
        l = it;
    }
    walk(l, check);
    while (l != NULL) {
        struct item *n = l->next;
        free(l);
        l = n;
    }
    return 0;
}
