/* A stack of cells numbered 0, 1, 2, ... by the number of cells pushed before them
 * (n->data = count++).  Every datum is then at least 0 and below the final count: the walk
 * checks both, then frees the stack. */
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node {
    int data;
    struct node *next;
};

int main(void)
{
    struct node *top = NULL;
    int count = 0;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        n->data = count++;
        n->next = top;
        top = n;
    }
    for (struct node *p = top; p; p = p->next)
        if (p->data >= count || p->data < 0)
            reach_error();
    while (top) {
        struct node *t = top->next;
        free(top);
        top = t;
    }
    return 0;
}
