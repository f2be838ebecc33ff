/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — as sll_queue_struct_header (queue with a head/tail/size header), but a dequeue is made without checking that the queue is non-empty, so an empty queue's NULL head is dereferenced */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct qnode { struct qnode *next; int val; };
struct queue { struct qnode *head; struct qnode *tail; int size; };

static struct queue *q_new(void)
{
    struct queue *q = malloc(sizeof(struct queue));
    q->head = NULL;
    q->tail = NULL;
    q->size = 0;
    return q;
}

static void enqueue(struct queue *q, int v)
{
    struct qnode *n = malloc(sizeof(struct qnode));
    n->val = v;
    n->next = NULL;
    if (q->tail == NULL)
        q->head = n;
    else
        q->tail->next = n;
    q->tail = n;
    q->size++;
}

static int dequeue(struct queue *q)
{
    struct qnode *n = q->head;
    int v = n->val;
    q->head = n->next;
    if (q->head == NULL)
        q->tail = NULL;
    q->size--;
    free(n);
    return v;
}

int main(void)
{
    struct queue *q = q_new();
    while (__VERIFIER_nondet_int()) {
        if (__VERIFIER_nondet_int()) {
            enqueue(q, 5);
        } else {
            if (dequeue(q) != 5) reach_error();   /* no emptiness check */
        }
    }
    while (q->size > 0)
        dequeue(q);
    if (q->head != NULL) reach_error();
    free(q);
    return 0;
}
