/* expected: memsafety=true, memcleanup=true, unreach-call=true — linked stack of frames with push/pop via a struct variable holding the top pointer and a depth counter; calls nest (push), returns pop; the top frame's depth is checked; all popped at the end */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct frame { struct frame *up; int kind; };
struct stack { struct frame *top; };

static void push(struct stack *s, int k)
{
    struct frame *f = malloc(sizeof(struct frame));
    f->up = s->top;
    f->kind = k;
    s->top = f;
}

static void pop(struct stack *s)
{
    struct frame *f = s->top;
    s->top = f->up;
    free(f);
}

int main(void)
{
    struct stack st;
    st.top = NULL;
    push(&st, 0);               /* the base frame */
    while (__VERIFIER_nondet_int()) {
        if (__VERIFIER_nondet_int()) {
            push(&st, 1);
        } else if (st.top->kind != 0) {
            pop(&st);
        }
    }
    while (st.top->kind != 0)
        pop(&st);
    if (st.top->up != NULL)
        reach_error();
    pop(&st);
    if (st.top != NULL)
        reach_error();
    return 0;
}
