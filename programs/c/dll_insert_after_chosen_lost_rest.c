/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — as dll_insert_after_chosen (dll insert after a chosen cell), but the new cell's next is left NULL instead of the old successor, so the rest of the list is lost */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct dn { struct dn *next; struct dn *prev; int v; };

static struct dn *mk(int v)
{
    struct dn *n = malloc(sizeof(struct dn));
    n->v = v;
    n->next = NULL;
    n->prev = NULL;
    return n;
}

int main(void)
{
    struct dn *head = mk(0);
    while (__VERIFIER_nondet_int()) {
        struct dn *n = mk(1);
        n->next = head;
        head->prev = n;
        head = n;
    }
    while (__VERIFIER_nondet_int()) {
        struct dn *p = head;
        while (p->next != NULL && __VERIFIER_nondet_int())
            p = p->next;
        struct dn *n = mk(2);
        n->prev = p;
        if (p->next != NULL)
            p->next->prev = n;
        p->next = n;    /* n->next never set to the old successor */
    }
    for (struct dn *p = head; p->next != NULL; p = p->next)
        if (p->next->prev != p) reach_error();
    while (head != NULL) {
        struct dn *t = head->next;
        free(head);
        head = t;
    }
    return 0;
}
