/* expected: memsafety=true, memcleanup=true, unreach-call=true — reversal of a doubly linked list by swapping next and prev in every cell; the old last cell (data 1) becomes the head; links checked, cells freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct dnode {
    struct dnode *next;
    struct dnode *prev;
    int data;
} DNode;

DNode *reverse(DNode *l)
{
    DNode *last = NULL;
    DNode *t;

    while (l != NULL) {
        t = l->next;
        l->next = l->prev;
        l->prev = t;
        last = l;
        l = t;
    }
    return last;
}

int main(void)
{
    DNode *head, *p;

    head = malloc(sizeof(DNode));
    head->data = 1;
    head->next = NULL;
    head->prev = NULL;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(DNode));
        p->data = 0;
        p->prev = NULL;
        p->next = head;
        head->prev = p;
        head = p;
    }

    head = reverse(head);

    if (head->data != 1 || head->prev != NULL)
        reach_error();
    for (p = head; p != NULL; p = p->next)
        if (p->next && p->next->prev != p)
            reach_error();

    while (head != NULL) {
        p = head;
        head = head->next;
        free(p);
    }
    return 0;
}
