/* expected: memsafety=true, memcleanup=true, unreach-call=true — find() returns the first cell whose data is 1 (or NULL); every cell before it has data 0; all cells are freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

List find(List l)
{
    while (l != NULL && l->data != 1)
        l = l->next;
    return l;
}

int main(void)
{
    List head = NULL;
    List p, r;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        if (__VERIFIER_nondet_int())
            p->data = 1;
        else
            p->data = 0;
        p->next = head;
        head = p;
    }

    r = find(head);
    if (r != NULL && r->data != 1)
        reach_error();
    for (p = head; p != r; p = p->next)
        if (p->data != 0)
            reach_error();

    while (head != NULL) {
        p = head;
        head = head->next;
        free(p);
    }
    return 0;
}
