/* expected: memsafety=true, memcleanup=true, unreach-call=true — a non-empty singly linked list of nondet length (counted while built) is turned into a doubly linked list by one pass setting prev; a walk back from the tail must count the same length; freed along prev */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; struct node *prev; int data; };

int main(void)
{
    struct node *head = malloc(sizeof(struct node));
    head->next = NULL;
    head->data = 0;
    int len = 1;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof(struct node));
        n->data = len;
        n->next = head;
        head = n;
        len++;
    }

    /* sll -> dll */
    struct node *prev = NULL, *p = head;
    while (p != NULL) {
        p->prev = prev;
        prev = p;
        p = p->next;
    }
    struct node *tail = prev;

    int cnt = 0;
    for (p = tail; p != NULL; p = p->prev)
        cnt++;
    if (cnt != len)
        reach_error();

    p = tail;
    while (p != NULL) {
        struct node *t = p->prev;
        free(p);
        p = t;
    }
    return 0;
}
