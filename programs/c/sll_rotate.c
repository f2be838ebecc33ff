/* expected: memsafety=true, memcleanup=true, unreach-call=true — rotate() moves the head cell to the end, a nondet number of times; the list stays NULL-terminated with the same cells; all are freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

List rotate(List l)
{
    List first, last;

    if (l == NULL || l->next == NULL)
        return l;
    first = l;
    l = l->next;
    last = l;
    while (last->next != NULL)
        last = last->next;
    last->next = first;
    first->next = NULL;
    return l;
}

int main(void)
{
    List head = NULL;
    List p;

    do {
        p = malloc(sizeof(struct node));
        p->data = 1;
        p->next = head;
        head = p;
    } while (__VERIFIER_nondet_int());

    while (__VERIFIER_nondet_int())
        head = rotate(head);

    if (head == NULL)
        reach_error();
    for (p = head; p != NULL; p = p->next)
        if (p->data != 1)
            reach_error();

    while (head != NULL) {
        p = head;
        head = head->next;
        free(p);
    }
    return 0;
}
