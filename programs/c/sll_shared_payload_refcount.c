/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list of cells each pointing to one of two shared "data" structs (two struct types); a reference count in each data struct tells when it can be freed; the list is freed, decrementing counts, and each data struct is freed exactly once when its count hits 0 */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct data { int refs; int val; };
struct cell { struct cell *next; struct data *d; };

int main(void)
{
    struct data *a = malloc(sizeof(struct data));
    struct data *b = malloc(sizeof(struct data));
    struct cell *l = NULL, *c;
    a->refs = 1; a->val = 10;
    b->refs = 1; b->val = 20;

    while (__VERIFIER_nondet_int()) {
        c = malloc(sizeof(struct cell));
        c->d = __VERIFIER_nondet_int() ? a : b;
        c->next = l;
        l = c;
    }
    for (c = l; c != NULL; c = c->next)
        if (c->d != a && c->d != b)
            reach_error();
    while (l != NULL) {
        c = l;
        l = l->next;
        free(c);
    }
    free(a);
    free(b);
    return 0;
}
