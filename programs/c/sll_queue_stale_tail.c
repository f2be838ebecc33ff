/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — a queue header in a struct variable of main; dequeue() does not clear tail when the queue becomes empty, so the next enqueue() links through the freed last cell */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };
struct queue { struct node *head; struct node *tail; };

void enqueue(struct queue *q, int d)
{
    struct node *n = malloc(sizeof(struct node));
    n->data = d;
    n->next = NULL;
    if (q->tail != NULL)
        q->tail->next = n;
    else
        q->head = n;
    q->tail = n;
}

void dequeue(struct queue *q)
{
    struct node *n = q->head;
    q->head = n->next;   /* BUG: tail is left pointing to n when the queue becomes empty */
    free(n);
}

int main(void)
{
    struct queue q = { NULL, NULL };

    do {
        enqueue(&q, 1);
    } while (__VERIFIER_nondet_int());
    while (q.head != NULL)
        dequeue(&q);
    enqueue(&q, 2);
    while (q.head != NULL)
        dequeue(&q);
    return 0;
}
