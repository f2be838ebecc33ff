/* expected: memsafety=true, memcleanup=true, unreach-call=true — a long field given __VERIFIER_nondet_int() holds an int, never above 2147483647; tvla said unreach-call false (and memcleanup false: reach_error exits with p allocated) with a witness taking p->d > 2147483647 right after p->d = __VERIFIER_nondet_int() (the nondet value is taken as any value of the field's type, long, not of the function's, int; the same with nondet_uint into a long, p->d < 0, and p->d == 4294967296 or p->d < -2147483648); fixed in 8d140d0: tvla now says true/unknown/unknown */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; long d; };
int main(void)
{
    struct node *p = malloc(sizeof(struct node));
    p->d = __VERIFIER_nondet_int();
    if (p->d > 2147483647)
        reach_error();
    free(p);
    return 0;
}
