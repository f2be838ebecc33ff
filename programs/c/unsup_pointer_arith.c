/* expected: memsafety=true, memcleanup=true, unreach-call=true — UNSUPPORTED (pointer arithmetic on a node pointer): three nodes live in one malloc'd block, linked with block + 1 and block + 2; the list is walked and the block freed once */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} Node;

int main(void)
{
    Node *block = malloc(3 * sizeof(Node));
    Node *p;

    block->next = block + 1;
    (block + 1)->next = block + 2;
    (block + 2)->next = NULL;
    for (p = block; p != NULL; p = p->next)
        p->data = __VERIFIER_nondet_int();

    if (__VERIFIER_nondet_int()) {
        /* drop the middle node from the chain; it stays inside the block */
        block->next = block + 2;
    }

    p = block;
    while (p->next != NULL)
        p = p->next;
    if (p != block + 2)
        reach_error();

    free(block);
    return 0;
}
