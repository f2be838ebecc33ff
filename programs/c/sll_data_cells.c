/* expected: memsafety=true, memcleanup=true, unreach-call=true — each list cell points to its own separate data cell whose owner field points back; both cells are freed per element */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

struct cell;

struct data {
    struct cell *owner;
    int value;
};

struct cell {
    struct cell *next;
    struct data *d;
};

int main(void)
{
    struct cell *list = NULL, *c;
    struct data *d;

    while (__VERIFIER_nondet_int()) {
        c = malloc(sizeof(struct cell));
        d = malloc(sizeof(struct data));
        d->value = __VERIFIER_nondet_int();
        d->owner = c;
        c->d = d;
        c->next = list;
        list = c;
    }

    for (c = list; c != NULL; c = c->next)
        if (c->d->owner != c)
            reach_error();

    while (list != NULL) {
        c = list;
        list = list->next;
        free(c->d);
        free(c);
    }
    return 0;
}
