/* expected: memsafety=true, memcleanup=false, unreach-call=false — as sll_to_dll_count (sll turned into a dll, counted back from the tail), but the backward count stops before the head, so it is one short and reach_error is called (which ends the run with the list still allocated) */
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
    for (p = tail; p->prev != NULL; p = p->prev)   /* stops before the head */
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
