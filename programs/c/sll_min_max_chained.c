/* expected: memsafety=true, memcleanup=true, unreach-call=true — the least and the greatest datum of a list kept in two int variables given their first value by one chained assignment (min = max = head->data), then a walk checks that every datum lies between them; freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sll_min_max_chained.c", 3, "reach_error"); }

struct node { struct node *next; int data; };

int main(void)
{
    struct node *head = NULL, *x;
    int min, max;
    while (__VERIFIER_nondet_int()) {
        x = malloc(sizeof(struct node));
        x->data = __VERIFIER_nondet_int();
        x->next = head;
        head = x;
    }
    if (head == NULL) return 0;
    min = max = head->data;
    for (x = head->next; x != NULL; x = x->next) {
        if (x->data < min) min = x->data;
        if (x->data > max) max = x->data;
    }
    for (x = head; x != NULL; x = x->next)
        if (x->data < min || x->data > max)
            reach_error();
    while (head != NULL) {
        x = head;
        head = head->next;
        free(x);
    }
    return 0;
}
