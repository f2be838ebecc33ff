/* expected: memsafety=true, memcleanup=false, unreach-call=true — main returns while its local head still points to the nonempty list: by the corpus' definition the cells are reachable at termination (no memtrack violation) but never freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

int main(void)
{
    List head = NULL;
    List p;

    do {
        p = malloc(sizeof(struct node));
        p->data = 1;
        p->next = head;
        head = p;
    } while (__VERIFIER_nondet_int());

    for (p = head; p != NULL; p = p->next)
        if (p->data != 1)
            reach_error();

    return 0;
}
