/* expected: memsafety=true, memcleanup=true, unreach-call=true — a queue with head and tail in a struct variable of main passed by pointer (init(&q), enqueue(&q, d)); the last enqueued datum (2) comes out last */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };
struct queue { struct node *head; struct node *tail; };

void init(struct queue *q) { q->head = NULL; q->tail = NULL; }

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

int dequeue(struct queue *q)
{
    struct node *n = q->head;
    int d = n->data;
    q->head = n->next;
    if (q->head == NULL)
        q->tail = NULL;
    free(n);
    return d;
}

int main(void)
{
    struct queue q;
    init(&q);
    while (__VERIFIER_nondet_int())
        enqueue(&q, 1);
    enqueue(&q, 2);
    while (q.head != NULL) {
        if (dequeue(&q) == 2 && q.head != NULL)
            reach_error();
    }
    return 0;
}
