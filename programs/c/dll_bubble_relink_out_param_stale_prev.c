/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=false — doubly linked bubble sort that swaps neighbouring nodes by relinking, but the swap forgets to point the cell after the pair back at the first one: the prev-link check fails, and a later swap of that cell relinks through a stale prev and loses cells */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct dnode {
    int data;
    struct dnode *next;
    struct dnode *prev;
} DNode;

static void swap_with_next(DNode **head, DNode *a)
{
    DNode *b = a->next;
    DNode *before = a->prev;
    DNode *after = b->next;
    if (before != NULL)
        before->next = b;
    else
        *head = b;
    b->prev = before;
    b->next = a;
    a->prev = b;
    a->next = after;
    if (after != NULL)
        ;
}

static void bubble(DNode **head)
{
    int swapped;
    do {
        swapped = 0;
        DNode *p = *head;
        while (p != NULL && p->next != NULL) {
            if (p->data > p->next->data) {
                swap_with_next(head, p);
                swapped = 1;
            } else {
                p = p->next;
            }
        }
    } while (swapped);
}

int main(void)
{
    DNode *head = NULL;
    while (__VERIFIER_nondet_int()) {
        DNode *n = malloc(sizeof(DNode));
        n->data = __VERIFIER_nondet_int();
        n->prev = NULL;
        n->next = head;
        if (head != NULL)
            head->prev = n;
        head = n;
    }
    bubble(&head);
    if (head != NULL && head->prev != NULL)
        reach_error();
    DNode *last = NULL;
    for (DNode *p = head; p != NULL; p = p->next) {
        if (p->prev != last)
            reach_error();
        if (p->next != NULL && p->data > p->next->data)
            reach_error();
        last = p;
    }
    while (last != NULL && last->prev != NULL)
        last = last->prev;
    if (last != head)
        reach_error();
    last = NULL;
    while (head != NULL) {
        DNode *n = head->next;
        free(head);
        head = n;
    }
    return 0;
}
