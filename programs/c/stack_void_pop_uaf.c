/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — as stack_void_generic.c, but pop() frees the stack cell before it reads the item through it */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

struct stack {
    struct stack *next;
    void *item;
};

struct job {
    int kind;
    struct job *dep;
};

static void push(struct stack **s, void *item)
{
    struct stack *c = malloc(sizeof(*c));
    if (!c)
        abort();
    c->item = item;
    c->next = *s;
    *s = c;
}

static void *pop(struct stack **s)
{
    struct stack *top = *s;
    *s = top->next;
    free(top);
    return top->item;
}

int main(void)
{
    struct stack *s = NULL;
    struct job *j;

    while (__VERIFIER_nondet_int()) {
        j = malloc(sizeof(struct job));
        if (!j)
            abort();
        j->kind = 3;
        j->dep = NULL;
        push(&s, j);
    }
    while (s != NULL) {
        j = pop(&s);
        if (j->kind != 3)
            reach_error();
        free(j);
    }
    return 0;
}
