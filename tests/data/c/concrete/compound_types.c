/* Compound assignments compute in C's usual arithmetic conversions (i /= u is unsigned), narrow
   types wrap back: no run reaches the error (gcc agrees). */
extern void reach_error(void);
int main(void)
{
    int i = -2;
    unsigned u = 2;
    i /= u;
    if (i != 2147483647)
        reach_error();
    unsigned char c = 250;
    c += 10;
    if (c != 4)
        reach_error();
    short s = 1;
    s <<= 3;
    if (s != 8)
        reach_error();
    long l = -3;
    l %= 2u;
    if (l != -1)
        reach_error();
    return 0;
}
