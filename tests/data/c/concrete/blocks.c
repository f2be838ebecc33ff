/* memset, memcpy and realloc of whole elements: each run follows them; the error needs the
   realloc'd array to keep its first cell's copy (a stale pointer after realloc is the violation). */
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int d; };
int main(void)
{
    struct node *a = malloc(2 * sizeof(struct node));
    memset(a, 0, 2 * sizeof(struct node));
    if (a[1].next != NULL || a[1].d != 0)
        reach_error();
    a[0].d = __VERIFIER_nondet_int();
    memcpy(&a[1], &a[0], sizeof(struct node));
    if (a[1].d != a[0].d)
        reach_error();
    struct node *old = a;
    a = realloc(a, 3 * sizeof(struct node));
    if (a[0].d != a[1].d)
        reach_error();
    if (__VERIFIER_nondet_int())
        old->d = 1;          /* use after realloc freed it */
    free(a);
    return 0;
}
