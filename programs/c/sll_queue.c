/* expected: memsafety=true, memcleanup=true, unreach-call=true — a FIFO queue with global head and tail: nondet enqueue/dequeue operations keep tail the last cell; the queue is drained at the end */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} Node;

Node *head = NULL;
Node *tail = NULL;

void enqueue(int d)
{
    Node *n = malloc(sizeof(Node));
    n->data = d;
    n->next = NULL;
    if (tail == NULL)
        head = n;
    else
        tail->next = n;
    tail = n;
}

void dequeue(void)
{
    Node *n = head;

    if (n == NULL)
        return;
    head = n->next;
    if (head == NULL)
        tail = NULL;
    free(n);
}

int main(void)
{
    while (__VERIFIER_nondet_int()) {
        if (__VERIFIER_nondet_int())
            enqueue(1);
        else
            dequeue();
        if (head == NULL && tail != NULL)
            reach_error();
        if (tail != NULL && tail->next != NULL)
            reach_error();
    }
    while (head != NULL)
        dequeue();
    if (tail != NULL)
        reach_error();
    return 0;
}
