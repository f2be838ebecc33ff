/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — a list of lists whose destroy() frees only the first cell of each inner list before freeing the outer cell: an inner list of two or more cells loses its tail */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

struct inner {
    struct inner *next;
    int data;
};

struct outer {
    struct outer *next;
    struct inner *list;
};

void destroy(struct outer *top)
{
    struct outer *o;

    while (top != NULL) {
        if (top->list != NULL)
            free(top->list);   /* BUG: only the first inner cell */
        o = top;
        top = top->next;
        free(o);
    }
}

int main(void)
{
    struct outer *top = NULL, *o;
    struct inner *i;

    while (__VERIFIER_nondet_int()) {
        o = malloc(sizeof(struct outer));
        o->list = NULL;
        while (__VERIFIER_nondet_int()) {
            i = malloc(sizeof(struct inner));
            i->data = 1;
            i->next = o->list;
            o->list = i;
        }
        o->next = top;
        top = o;
    }
    o = NULL;
    i = NULL;

    destroy(top);
    top = NULL;
    return 0;
}
