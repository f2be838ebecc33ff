/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — split() of sll_split_alternate_join.c with out-parameters; after the even list is freed, split() is called again on NULL through the same out-parameters, overwriting the odd list before it is freed (lost with two cells or more) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

static void split(struct node *l, struct node **ev, struct node **od)
{
    struct node *evt = NULL, *odt = NULL;
    int which = 0;
    *ev = NULL;
    *od = NULL;
    while (l != NULL) {
        struct node *c = l;
        l = l->next;
        c->next = NULL;
        if (which == 0) {
            if (evt) evt->next = c; else *ev = c;
            evt = c;
        } else {
            if (odt) odt->next = c; else *od = c;
            odt = c;
        }
        which = 1 - which;
    }
}

static void free_list(struct node *l)
{
    while (l) {
        struct node *t = l->next;
        free(l);
        l = t;
    }
}

int main(void)
{
    struct node *l = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        n->data = __VERIFIER_nondet_int();
        n->next = l;
        l = n;
    }
    struct node *ev, *od;
    split(l, &ev, &od);
    l = NULL;
    free_list(ev);
    split(NULL, &ev, &od);
    free_list(od);
    return 0;
}
