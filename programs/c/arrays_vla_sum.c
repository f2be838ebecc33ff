/* expected: memsafety=true, memcleanup=true, unreach-call=true — a variable-length array of a nondet length in a callee, filled and summed inside its bounds, called for each length up to n with the sums kept in a malloc'd int block (ldv-memsafety's ArraysOfVariableLength as recalled; the analysis leaves both arrays unsupported) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int sum_up_to(int n)
{
    int a[n];
    int i, s = 0;
    for (i = 0; i < n; i++)
        a[i] = i;
    for (i = 0; i < n; i++)
        s += a[i];
    return s;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i;
    if (n < 1 || n > 20)
        return 0;
    int *sums = malloc(n * sizeof(int));
    for (i = 0; i < n; i++)
        sums[i] = sum_up_to(i + 1);
    free(sums);
    return 0;
}
