/* diff_c campaign 4256, program 12 (scripts/diff_c.py): reach_error() is called on every run, after a loop
   that allocates four cells with nondet data.  Its witness needs a store of 7 cells; the ways of resolving
   each fresh cell's unknown data make the traces over fewer cells more than the witness search's 5000
   states, so only the dive (witness._Search, not sized) reaches it.  The list is also never freed. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void reach_error(void);

struct node {
    struct node *next;
    int d;
    long e;
};

int *cg;

void xfree(void *p)
{
    free(p);
}

struct node *mk(int v, struct node *n)
{
    struct node *r = malloc(sizeof(struct node));
    r->d = v;
    r->e = 1;
    r->next = n;
    return r;
}

int main(void)
{
    struct node *l = NULL, *p, *q;
    int i, v, t;
    int w = 0;
    unsigned char *ca;
    ca = calloc(1, sizeof(unsigned char));
    *ca = 1;
    cg = calloc(1, sizeof(int));
    *cg = 3;
    for (i = 0; i < 4; i++) {
        l = mk(__VERIFIER_nondet_int(), l);
    }
    free(ca);
    ca = malloc(sizeof(unsigned char));
    ca[0] = 1;
    if (*cg != 1)
        reach_error();
    (*cg) = *ca;
    while (l != NULL) {
        p = l;
        l = l->next;
        free(p);
    }
    xfree(ca);
    free(cg);
    return 0;
}
