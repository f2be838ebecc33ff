/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — a singly linked ring closed through a global head cell (static struct node head = { &head }) is emptied two cells at a time, but only the first of each pair is freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "ring.c", 3, "reach_error"); }
struct node { struct node *next; int value; };
static struct node head = { &head, 0 };
int main(void)
{
    struct node *n, *a;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof *n);
        n->value = __VERIFIER_nondet_int();
        n->next = head.next;
        head.next = n;
    }
    while (head.next != &head) {
        a = head.next; head.next = a->next; if (head.next != &head) head.next = head.next->next; free(a);
    }
    return 0;
}
