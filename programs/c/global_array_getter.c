/* expected: memsafety=true, memcleanup=true, unreach-call=true — a function fills a global int array and returns it; main sums it through pointer arithmetic and checks the sum (no choice: its one run proves it) */
#include <stdlib.h>
extern void abort(void);
void reach_error(void) { abort(); }

int array[10];

int *get_numbers(void)
{
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
    if (s != 45)
        reach_error();
    return 0;
}
