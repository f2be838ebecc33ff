/* expected: memsafety=true, memcleanup=true, unreach-call=true — calloc'ed dll cells (fields read before any write must be 0/NULL), built and destroyed with do-while loops */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; struct node *prev; int data; };

int main(void)
{
    struct node *head = NULL;
    do {
        struct node *n = calloc(1, sizeof(struct node));
        if (n->next != NULL || n->prev != NULL || n->data != 0)
            reach_error();
        n->next = head;
        if (head != NULL)
            head->prev = n;
        head = n;
    } while (__VERIFIER_nondet_int());
    if (head->prev != NULL)
        reach_error();
    do {
        struct node *t = head->next;
        free(head);
        head = t;
    } while (head != NULL);
    return 0;
}
