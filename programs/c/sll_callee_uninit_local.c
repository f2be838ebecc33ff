/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — a callee's local is assigned only when c holds; on the second call it is uninitialised (not the first call's cell) */
#include <stdlib.h>
struct node { struct node *next; int data; };
struct node *g;

void f(int c)
{
    struct node *t;
    if (c) {
        t = malloc(sizeof(struct node));
        t->next = NULL;
        g = t;
    }
    t->data = 1;
}

int main(void)
{
    int i;
    for (i = 0; i < 2; i++)
        f(i == 0);
    free(g);
    return 0;
}
