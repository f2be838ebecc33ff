/* expected: memsafety=true, memcleanup=false, unreach-call=false — as dll_rb_remove_red (dll-rb: remove all RED cells), but after a removal the pass also steps over the next cell, so a RED cell right after a RED one stays and the check calls reach_error (which ends the run with the list still allocated) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

#define RED 0
#define BLACK 1

struct dn { struct dn *next; struct dn *prev; int colour; };

int main(void)
{
    struct dn *head = NULL;
    while (__VERIFIER_nondet_int()) {
        struct dn *n = malloc(sizeof(struct dn));
        n->colour = __VERIFIER_nondet_int() ? RED : BLACK;
        n->prev = NULL;
        n->next = head;
        if (head != NULL)
            head->prev = n;
        head = n;
    }

    struct dn *p = head;
    while (p != NULL) {
        if (p->colour == RED) {
            struct dn *nx = p->next;
            if (p->prev != NULL) p->prev->next = p->next;
            else head = p->next;
            if (p->next != NULL) p->next->prev = p->prev;
            free(p);
            p = nx;
            if (p == NULL) break;
        }
        p = p->next;   /* skips the cell after a removed one */
    }

    for (p = head; p != NULL; p = p->next)
        if (p->colour != BLACK) reach_error();

    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
