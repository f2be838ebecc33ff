/* expected: memsafety=true, memcleanup=false, unreach-call=false — the same with the comparator's sign flipped (`(a->value < b->value) - (a->value > b->value)`): the list comes out descending, and the check in ascending order calls reach_error() (then aborts with the list allocated) */
#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct list_head {
    struct list_head *next;
    int value;
};

typedef int (*cmp_fn)(const struct list_head *, const struct list_head *);

static int cmp_value(const struct list_head *a, const struct list_head *b)
{
    return (a->value < b->value) - (a->value > b->value);
}

static struct list_head *list_sort(struct list_head *in, cmp_fn cmp)
{
    struct list_head *out = NULL, *n, **pp;
    while (in) {
        n = in;
        in = in->next;
        pp = &out;
        while (*pp && cmp(*pp, n) <= 0)
            pp = &(*pp)->next;
        n->next = *pp;
        *pp = n;
    }
    return out;
}

int main(void)
{
    struct list_head *head = NULL, *p;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(*p));
        if (!p) abort();
        p->value = __VERIFIER_nondet_int();
        p->next = head;
        head = p;
    }
    head = list_sort(head, cmp_value);
    for (p = head; p && p->next; p = p->next)
        if (p->value > p->next->value) {
            reach_error();
            abort();
        }
    while (head) { p = head->next; free(head); head = p; }
    return 0;
}
