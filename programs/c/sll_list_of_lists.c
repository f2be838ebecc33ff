/* expected: memsafety=true, memcleanup=true, unreach-call=true — an outer list whose cells each own an inner list of nondet length; destroy frees each inner list, then the outer cell */
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

int main(void)
{
    struct outer *top = NULL, *o;
    struct inner *i, *t;

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

    for (o = top; o != NULL; o = o->next)
        for (i = o->list; i != NULL; i = i->next)
            if (i->data != 1)
                reach_error();

    while (top != NULL) {
        i = top->list;
        while (i != NULL) {
            t = i->next;
            free(i);
            i = t;
        }
        o = top;
        top = top->next;
        free(o);
    }
    return 0;
}
