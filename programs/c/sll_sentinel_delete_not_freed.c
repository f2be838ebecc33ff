/* expected: memsafety=true, memcleanup=false, unreach-call=true — as sll_sentinel_delete (list ending in a heap sentinel, delete by key with the sentinel trick), but the final loop stops at the sentinel and the sentinel is never freed (still pointed to at exit) */
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
    return 0;
}
