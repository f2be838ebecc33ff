/* expected: memsafety=true, memcleanup=true, unreach-call=true — each cell counts its visits in a field (v->visits++), two walks, then every count is checked to be 2 */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sll_visit_counts.c", 5, "reach_error"); }

struct vertex {
    struct vertex *next;
    unsigned char visits;
};

static void visit_all(struct vertex *v)
{
    for (; v != NULL; v = v->next)
        v->visits++;
}

int main(void)
{
    struct vertex *g = NULL;
    while (__VERIFIER_nondet_int()) {
        struct vertex *v = malloc(sizeof *v);
        if (v == NULL)
            abort();
        v->visits = 0;
        v->next = g;
        g = v;
    }
    visit_all(g);
    visit_all(g);
    for (struct vertex *v = g; v != NULL; v = v->next)
        if (v->visits != 2)
            reach_error();
    while (g != NULL) {
        struct vertex *n = g->next;
        free(g);
        g = n;
    }
    return 0;
}
