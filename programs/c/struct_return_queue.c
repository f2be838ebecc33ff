/* expected: memsafety true, memcleanup true, unreach-call true — a queue returned by value from a function that fills it through a pointer to its own local struct (return *qp); the caller checks the data and frees every cell */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
struct node { struct node *next; int data; };
struct queue { struct node *head, *tail; };
static void push(struct queue *qp, int d)
{
    struct node *n = malloc(sizeof *n);
    n->next = NULL;
    n->data = d;
    if (qp->tail) qp->tail->next = n; else qp->head = n;
    qp->tail = n;
}
static struct queue fill(void)
{
    struct queue q = { NULL, NULL };
    struct queue *qp = &q;
    while (__VERIFIER_nondet_int())
        push(qp, 7);
    return *qp;
}
int main(void)
{
    struct queue q;
    q = fill();
    struct node *l = q.head;
    while (l) {
        struct node *t = l->next;
        if (l->data != 7) reach_error();
        free(l);
        l = t;
    }
    return 0;
}
