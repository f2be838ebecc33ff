/* expected: memsafety=true, memcleanup=true, unreach-call=true — a counted list is split into the cells at even and odd positions (two tail pointers, a 0/1 toggle), then the odd list is appended after the even one; the joined list has as many cells as were built; freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

int main(void)
{
    struct node *l = NULL;
    int len = 0;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        n->data = __VERIFIER_nondet_int();
        n->next = l;
        l = n;
        len++;
    }
    struct node *ev = NULL, *evt = NULL, *od = NULL, *odt = NULL;
    int which = 0;
    while (l != NULL) {
        struct node *c = l;
        l = l->next;
        c->next = NULL;
        if (which == 0) {
            if (evt) evt->next = c; else ev = c;
            evt = c;
        } else {
            if (odt) odt->next = c; else od = c;
            odt = c;
        }
        which = 1 - which;
    }
    if (evt != NULL)
        evt->next = od;
    else
        ev = od;
    int cnt = 0;
    for (struct node *p = ev; p != NULL; p = p->next)
        cnt++;
    if (cnt != len)
        reach_error();
    while (ev) {
        struct node *t = ev->next;
        free(ev);
        ev = t;
    }
    return 0;
}
