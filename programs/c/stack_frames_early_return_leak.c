/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — a linked stack of "frames" (push/pop) kept in a local of a helper; on a nondet "error" the helper returns early without popping, so the frames it still holds are lost when it returns */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct frame { struct frame *up; int depth; };

static struct frame *push(struct frame *top, int d)
{
    struct frame *f = malloc(sizeof(struct frame));
    f->up = top;
    f->depth = d;
    return f;
}

static struct frame *pop(struct frame *top)
{
    struct frame *u = top->up;
    free(top);
    return u;
}

static int run(void)
{
    struct frame *top = NULL;
    while (__VERIFIER_nondet_int()) {
        top = push(top, 1);
        if (__VERIFIER_nondet_int())
            return -1;           /* BUG: leaks the stack */
    }
    while (top != NULL)
        top = pop(top);
    return 0;
}

int main(void)
{
    run();
    return 0;
}
