/* expected: memsafety=true, memcleanup=false, unreach-call=true — dancing links as in dll_dancing_links.c, but the cell unlinked is put back only on some runs: on the others the list is freed without it, which stays allocated (still pointed to by x when main returns) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

struct node {
    struct node *next;
    struct node *prev;
};

static void unlink_node(struct node *x)
{
    if (x->prev != NULL)
        x->prev->next = x->next;
    if (x->next != NULL)
        x->next->prev = x->prev;
}

static void relink_node(struct node *x)
{
    if (x->prev != NULL)
        x->prev->next = x;
    if (x->next != NULL)
        x->next->prev = x;
}

int main(void)
{
    struct node *head = NULL, *p, *x;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->next = head;
        p->prev = NULL;
        if (head != NULL)
            head->prev = p;
        head = p;
    }
    x = head;
    while (x != NULL && x->next != NULL && __VERIFIER_nondet_int())
        x = x->next;
    if (x != NULL && x->prev != NULL) {
        unlink_node(x);
        if (__VERIFIER_nondet_int())   /* BUG: not always put back */
            relink_node(x);
    }
    for (p = head; p != NULL && p->next != NULL; p = p->next)
        if (p->next->prev != p)
            reach_error();
    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
