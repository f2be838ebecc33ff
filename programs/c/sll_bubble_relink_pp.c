/* expected: memsafety=true, memcleanup=true, unreach-call=true — singly linked bubble sort that relinks neighbouring cells through a pointer-to-pointer cursor until no swap happens; sortedness and length are checked, then freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct node {
    int data;
    struct node *next;
} *List;

static void bubble(List *head)
{
    int swapped;
    do {
        swapped = 0;
        List *pp = head;
        while (*pp && (*pp)->next) {
            List a = *pp;
            List b = a->next;
            if (a->data > b->data) {
                a->next = b->next;
                b->next = a;
                *pp = b;
                swapped = 1;
            }
            pp = &(*pp)->next;
        }
    } while (swapped);
}

static int length(List l)
{
    int n = 0;
    while (l) {
        n++;
        l = l->next;
    }
    return n;
}

int main(void)
{
    List head = NULL;
    int len = 0;
    while (__VERIFIER_nondet_int()) {
        List n = malloc(sizeof(struct node));
        n->data = __VERIFIER_nondet_int();
        n->next = head;
        head = n;
        len++;
    }
    bubble(&head);
    for (List p = head; p && p->next; p = p->next)
        if (p->data > p->next->data)
            reach_error();
    if (length(head) != len)
        reach_error();
    while (head) {
        List n = head->next;
        free(head);
        head = n;
    }
    return 0;
}
