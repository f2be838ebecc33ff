/* expected: memsafety=true, memcleanup=true, unreach-call=true — dll-rb style: a doubly linked list of cells coloured RED or BLACK at random; one pass removes every RED cell, a check then finds only BLACK cells, and the list is freed */
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
        struct dn *nx = p->next;
        if (p->colour == RED) {
            if (p->prev != NULL) p->prev->next = p->next;
            else head = p->next;
            if (p->next != NULL) p->next->prev = p->prev;
            free(p);
        }
        p = nx;
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
