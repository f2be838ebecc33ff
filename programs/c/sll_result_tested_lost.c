/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — the result of mk() is only tested against NULL, never stored */
#include <stdlib.h>
extern void reach_error(void);
struct node { struct node *next; int data; };

struct node *mk(void)
{
    struct node *n = malloc(sizeof(struct node));
    n->next = NULL;
    return n;
}

int main(void)
{
    if (mk() == NULL)
        reach_error();
    return 0;
}
