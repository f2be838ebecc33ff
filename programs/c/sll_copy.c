/* expected: memsafety=true, memcleanup=true, unreach-call=true — copy() duplicates a list with nondet data using a tail pointer; a lock-step walk finds equal data and equal lengths; both lists are freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

List copy(List l)
{
    List head = NULL, tail = NULL, n;

    for (; l != NULL; l = l->next) {
        n = malloc(sizeof(struct node));
        n->data = l->data;
        n->next = NULL;
        if (tail == NULL)
            head = n;
        else
            tail->next = n;
        tail = n;
    }
    return head;
}

void destroy(List l)
{
    List t;

    while (l != NULL) {
        t = l;
        l = l->next;
        free(t);
    }
}

int main(void)
{
    List a = NULL, b, p, q;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = __VERIFIER_nondet_int();
        p->next = a;
        a = p;
    }

    b = copy(a);

    for (p = a, q = b; p != NULL && q != NULL; p = p->next, q = q->next)
        if (p->data != q->data || p == q)
            reach_error();
    if (p != NULL || q != NULL)
        reach_error();

    destroy(a);
    destroy(b);
    return 0;
}
