/* expected: memsafety=true, memcleanup=true, unreach-call=true — the partition around a nondet pivot written with helpers: push through a pointer to the list, split with out-parameters, a check of the lower part that takes the pivot as its bound */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

struct node {
    int data;
    struct node *next;
};

static void push(struct node **l, struct node *n)
{
    n->next = *l;
    *l = n;
}

static void split(struct node *list, int pivot, struct node **lt, struct node **ge)
{
    while (list) {
        struct node *cur = list;
        list = list->next;
        if (cur->data < pivot)
            push(lt, cur);
        else
            push(ge, cur);
    }
}

static void check_below(struct node *l, int bound)
{
    for (; l; l = l->next)
        if (!(l->data < bound))
            reach_error();
}

static void destroy(struct node *l)
{
    while (l) {
        struct node *n = l->next;
        free(l);
        l = n;
    }
}

int main(void)
{
    struct node *list = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof(*n));
        n->data = __VERIFIER_nondet_int();
        push(&list, n);
    }
    int pivot = __VERIFIER_nondet_int();
    struct node *lt = NULL, *ge = NULL;
    split(list, pivot, &lt, &ge);
    check_below(lt, pivot);
    for (struct node *p = ge; p; p = p->next)
        if (p->data < pivot)
            reach_error();
    destroy(lt);
    destroy(ge);
    return 0;
}
