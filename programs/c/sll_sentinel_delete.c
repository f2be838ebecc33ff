/* expected: memsafety=true, memcleanup=true, unreach-call=true — a singly linked list ending in a heap sentinel cell: cells pushed at the front, a key deleted with the sentinel trick (key stored in the sentinel so the search needs no NULL test), then every cell and the sentinel freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int key; };

int main(void)
{
    struct node *sentinel = malloc(sizeof(struct node));
    sentinel->next = NULL;
    sentinel->key = 0;
    struct node *head = sentinel;

    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof(struct node));
        n->key = __VERIFIER_nondet_int() ? 7 : 3;
        n->next = head;
        head = n;
    }

    /* delete the first cell with key 7 */
    sentinel->key = 7;
    struct node **pp = &head;
    while ((*pp)->key != 7)
        pp = &(*pp)->next;
    if (*pp != sentinel) {
        struct node *victim = *pp;
        *pp = victim->next;
        free(victim);
    }

    struct node *p = head;
    while (p != sentinel) {
        struct node *t = p->next;
        free(p);
        p = t;
    }
    free(sentinel);
    return 0;
}
