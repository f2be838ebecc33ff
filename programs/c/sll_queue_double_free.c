/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=true — clear() frees queue cells until head reaches tail, then frees head and tail: the same last cell twice whenever the queue is nonempty (nothing else allocated then) */
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

void clear(void)
{
    Node *p;

    while (head != tail) {
        p = head;
        head = head->next;
        free(p);
    }
    free(head);
    free(tail);   /* BUG: head == tail here */
    head = NULL;
    tail = NULL;
}

int main(void)
{
    while (__VERIFIER_nondet_int())
        enqueue(__VERIFIER_nondet_int());
    clear();
    return 0;
}
