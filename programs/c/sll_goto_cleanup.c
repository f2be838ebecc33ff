/* expected: memsafety=true, memcleanup=true, unreach-call=true — two lists are built with calloc; a nondet "error" jumps with goto to a single cleanup label that frees both lists, the normal path falls through to it */
#include <stdlib.h>
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

int main(void)
{
    List a = NULL, b = NULL, p;

    while (__VERIFIER_nondet_int()) {
        p = calloc(1, sizeof(struct node));
        assert(p->next == NULL);
        p->next = a;
        a = p;
        if (__VERIFIER_nondet_int())
            goto cleanup;
    }
    while (__VERIFIER_nondet_int()) {
        p = calloc(1, sizeof *p);
        p->data = 1;
        p->next = b;
        b = p;
        if (__VERIFIER_nondet_int())
            goto cleanup;
    }
    for (p = b; p != NULL; p = p->next)
        if (p->data != 1)
            reach_error();

cleanup:
    while (a != NULL) {
        p = a;
        a = a->next;
        free(p);
    }
    while (b != NULL) {
        p = b;
        b = b->next;
        free(p);
    }
    return 0;
}
