/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — removal through a pointer to the link being walked (struct node **pp = head; ... *pp = t->next; ... pp = &(*pp)->next;): as sll_remove_pp.c, but after freeing the unlinked cell the walk goes on from its next field */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);

struct node {
    struct node *next;
};

static void remove_some(struct node **head)
{
    struct node **pp = head;
    while (*pp) {
        if (__VERIFIER_nondet_int()) {
            struct node *t = *pp;
            *pp = t->next;
            free(t); pp = &t->next;
        } else {
            pp = &(*pp)->next;
        }
    }
}

int main(void)
{
    struct node *head = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        if (!n) abort();
        n->next = head;
        head = n;
    }
    remove_some(&head);
    while (head) {
        struct node *t = head->next;
        free(head);
        head = t;
    }
    return 0;
}
