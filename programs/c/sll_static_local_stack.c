/* expected: memsafety=true, memcleanup=true, unreach-call=true — a function keeps the list in a static local pointer across calls (push adds a cell, pop_all frees them); main holds no pointer to the list */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

typedef struct node { struct node *next; } node_t;

static void stack_op(int push)
{
    static node_t *top = NULL;
    if (push) {
        node_t *n = malloc(sizeof(node_t));
        n->next = top;
        top = n;
    } else {
        while (top) {
            node_t *t = top->next;
            free(top);
            top = t;
        }
    }
}

int main(void)
{
    while (__VERIFIER_nondet_int())
        stack_op(1);
    stack_op(0);
    return 0;
}
