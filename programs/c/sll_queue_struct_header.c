/* expected: memsafety=true, memcleanup=true, unreach-call=true — a FIFO queue whose head, tail and size sit in a malloc'd header struct; enqueues and dequeues interleave at random (dequeue only when size > 0), the queue is drained and the header freed */
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
        } else if (q->size > 0) {
            if (dequeue(q) != 5) reach_error();
        }
    }
    while (q->size > 0)
        dequeue(q);
    if (q->head != NULL) reach_error();
    free(q);
    return 0;
}
