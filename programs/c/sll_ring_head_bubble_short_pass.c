/* expected: memsafety=true, memcleanup=false, unreach-call=false — bubble sort of a singly linked ring closed through a global head cell (static struct node head = { &head }), but each pass stops before the last pair (pos->next->next != &head), so the last cell may stay out of order and the check after the sort reaches reach_error */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "ring.c", 3, "reach_error"); }
struct node { struct node *next; int value; };
static struct node head = { &head, 0 };
int main(void)
{
    struct node *n, *pos, *prev, *a, *b;
    int changed;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof *n);
        n->value = __VERIFIER_nondet_int();
        n->next = head.next;
        head.next = n;
    }
    if (head.next != &head) {
        do {
            changed = 0;
            prev = &head;
            for (pos = head.next; pos->next != &head && pos->next->next != &head; ) {
                a = pos; b = pos->next;
                if (a->value <= b->value) { prev = pos; pos = pos->next; continue; }
                prev->next = b; a->next = b->next; b->next = a; prev = b;
                changed = 1;
            }
        } while (changed);
    }
    for (pos = head.next; pos != &head && pos->next != &head; pos = pos->next) {
        a = pos; b = pos->next;
        if (a->value > b->value) reach_error();
    }
    while (head.next != &head) {
        a = head.next; head.next = a->next; free(a);
    }
    return 0;
}
