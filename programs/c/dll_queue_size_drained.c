/* expected: memsafety=true, memcleanup=true, unreach-call=true — a queue of doubly linked cells kept in globals head, tail and size: enqueue (size++) and dequeue (size--) helpers interleaved nondeterministically, then drained; size must be 0 again (forester's dll-queue style) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct cell {
    struct cell *next;
    struct cell *prev;
    int data;
} Cell;

Cell *head = NULL;
Cell *tail = NULL;
int size = 0;

static void enqueue(int data)
{
    Cell *c = malloc(sizeof(Cell));
    c->data = data;
    c->next = NULL;
    c->prev = tail;
    if (tail == NULL)
        head = c;
    else
        tail->next = c;
    tail = c;
    size++;
}

static void dequeue(void)
{
    Cell *c = head;
    head = c->next;
    if (head == NULL)
        tail = NULL;
    else
        head->prev = NULL;
    free(c);
    size--;
}

int main(void)
{
    while (__VERIFIER_nondet_int()) {
        if (__VERIFIER_nondet_int())
            enqueue(__VERIFIER_nondet_int());
        else if (head != NULL)
            dequeue();
    }
    while (head != NULL)
        dequeue();
    if (size != 0)
        reach_error();
    return 0;
}
