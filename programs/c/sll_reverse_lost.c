/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — reverse() links every cell backwards but returns its parameter (the old head, now the last cell) instead of the new head: with two or more cells, all cells but one are unreachable once the function returns */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

List reverse(List l)
{
    List r = NULL, p = l, t;

    while (p != NULL) {
        t = p->next;
        p->next = r;
        r = p;
        p = t;
    }
    return l;   /* BUG: should return r */
}

int main(void)
{
    List head = NULL;
    List p;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = 1;
        p->next = head;
        head = p;
    }
    p = NULL;

    head = reverse(head);

    while (head != NULL) {
        p = head;
        head = head->next;
        if (p->data != 1)
            reach_error();
        free(p);
    }
    return 0;
}
