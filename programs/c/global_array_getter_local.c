/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — the same, but the array is a local of the function: main reads it after the call returned (the run shows it; the sum is not checked) */
#include <stdlib.h>
extern void abort(void);
void reach_error(void) { abort(); }

int *get_numbers(void)
{
    int array[10];
    int i;
    for (i = 0; i < 10; i++)
        array[i] = i;
    return array;
}

int main(void)
{
    int i, s = 0;
    int *numbers = get_numbers();
    for (i = 0; i < 10; i++)
        s += *(numbers + i);
    return s == 45 ? 0 : 1;
}
