/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=true — the same two int blocks of a constant size filled through indices computed at run time, one of them through a pointer moved past its first element; the second freed through the moved pointer, inside its block (the run shows it; after it C is undefined, so memcleanup stays unknown) */
#include <stdlib.h>
extern void abort(void);
void reach_error(void) { abort(); }

int *a, *b;
int n;
#define BLOCKSIZE 8

void fill(void)
{
    int i;
    for (i = 0; i < n; i++)
        a[i] = -1;
    for (i = 0; i < BLOCKSIZE - 1; i++)
        b[i] = -1;
}

int main(void)
{
    n = BLOCKSIZE;
    a = malloc(n * sizeof(*a));
    b = malloc(n * sizeof(*b));
    *b++ = 0;
    fill();
    if (b[-1] != 0 || a[n - 1] != -1)
        reach_error();
    free(a);
    free(b);
    return 0;
}
