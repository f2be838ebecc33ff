/* expected: memsafety=true, memcleanup=true, unreach-call=true — for_each() applies a visitor chosen at run time through a function pointer (mark or unmark) to every cell; the data check and the destroy are correct */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

void mark(List p) { p->data = 1; }
void unmark(List p) { p->data = 0; }

void for_each(List l, void (*visit)(List))
{
    while (l != NULL) {
        visit(l);
        l = l->next;
    }
}

int main(void)
{
    List head = NULL, p;
    void (*f)(List);
    int want;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = 7;
        p->next = head;
        head = p;
    }

    if (__VERIFIER_nondet_int()) {
        f = mark;
        want = 1;
    } else {
        f = unmark;
        want = 0;
    }
    for_each(head, f);

    for (p = head; p != NULL; p = p->next)
        if (p->data != want)
            reach_error();

    while (head != NULL) {
        p = head;
        head = head->next;
        free(p);
    }
    return 0;
}
