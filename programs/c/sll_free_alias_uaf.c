/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — the first cell is freed through an alias (victim), then head->next is read through the dangling head */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

int main(void)
{
    struct node *head = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof(struct node));
        n->data = 0;
        n->next = head;
        head = n;
    }
    while (head != NULL) {
        struct node *victim = head;
        free(victim);
        head = head->next;
    }
    return 0;
}
