/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=true — as pair_by_value.c, but one branch releases the original and then frees its copy's first block again */
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct blob { int v; };
typedef struct pair {
    struct blob *lo;
    struct blob *hi;
    int tag;
} Pair;

static void clear(Pair p)
{
    p.lo = NULL;   /* the caller's copy keeps its pointer */
    p.tag = 7;
}

static void release(Pair p)
{
    free(p.lo);
    free(p.hi);
}

int main() {
    Pair a;
    a.lo = malloc(sizeof(struct blob));
    a.hi = malloc(sizeof(struct blob));
    a.tag = 1;
    clear(a);
    if (a.lo == NULL)
        reach_error();
    if (a.tag != 1)
        reach_error();
    Pair b = a;
    if (__VERIFIER_nondet_int())
        release(b);
    else
        { release(a); free(b.lo); }
    return 0;
}
