/* The second cell's only pointer is overwritten: a memtrack violation before the double free. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int d; };
int main(void)
{
    struct node *a = malloc(sizeof *a);
    a->next = malloc(sizeof *a);
    a->next = NULL;
    __VERIFIER_nondet_int();
    free(a);
    free(a);
    return 0;
}
