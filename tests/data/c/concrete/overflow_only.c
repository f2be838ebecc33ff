/* The error needs a signed overflow (undefined behaviour): no run may claim it. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void)
{
    int x = __VERIFIER_nondet_int();
    if (x > 0 && x + 1 < 0)
        reach_error();
    return 0;
}
