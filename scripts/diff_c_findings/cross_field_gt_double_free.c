/* expected: memsafety=true, memcleanup=true, unreach-call=true — p->d = 1 is never above p->e = 2, so the first free(p) never runs and p is freed once; tvla said memsafety false(valid-free) with a witness taking p->d > p->e (a comparison of two different int fields, not tracked, taken both ways as if exact) and then freeing p twice; fixed in 2b4fefd: tvla now says true/true/true */
#include <stdlib.h>
struct node { struct node *next; int d; int e; };
int main(void)
{
    struct node *p = malloc(sizeof(struct node));
    p->d = 1;
    p->e = 2;
    if (p->d > p->e)
        free(p);
    free(p);
    return 0;
}
