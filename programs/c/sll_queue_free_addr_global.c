/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=true — a FIFO queue with global head and tail; destroy() drains it and then calls free(&tail), the address of a global variable, which is not a heap pointer; the queue is empty then */
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

void destroy(void)
{
    Node *n;

    while (head != NULL) {
        n = head;
        head = n->next;
        free(n);
    }
    free(&tail);   /* BUG: meant tail = NULL */
}

int main(void)
{
    while (__VERIFIER_nondet_int())
        enqueue(1);
    if (tail != NULL && tail->next != NULL)
        reach_error();
    destroy();
    return 0;
}
