/* A correct recursive list build: each call holds its new cell in a local across the recursive
   call.  Unrolled three calls deep, the path past the cut ends there with every local still in
   scope: no leak may be reported (the cut used to make them dead, merged and killed). */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; };
struct node *build(void)
{
    if (!__VERIFIER_nondet_int())
        return NULL;
    struct node *p = malloc(sizeof *p);
    p->next = build();
    return p;
}
int main(void)
{
    struct node *l = build();
    while (l) { struct node *t = l->next; free(l); l = t; }
    return 0;
}
