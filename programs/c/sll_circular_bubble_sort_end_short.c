/* expected: memsafety=true, memcleanup=false, unreach-call=false — as sll_circular_bubble_sort_end.c, but each pass stops one pair early: the last pair of a pass stays unsorted, the check calls reach_error(), which ends the program with the ring allocated */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sll_circular_bubble_sort_end_short.c", 3, "reach_error"); }

struct node { struct node *next; int data; };

int main(void)
{
    struct node *head = malloc(sizeof(struct node)), *p, *end, *q;
    int t;
    head->data = __VERIFIER_nondet_int();
    head->next = head;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = __VERIFIER_nondet_int();
        p->next = head->next;
        head->next = p;
    }
    end = head;
    while (end != head->next) {
        p = head;
        while (p->next != end && p->next->next != end) {
            if (p->data > p->next->data) {
                t = p->data; p->data = p->next->data; p->next->data = t;
            }
            p = p->next;
        }
        end = p;
    }
    for (p = head; p->next != head; p = p->next)
        if (p->data > p->next->data)
            reach_error();
    p = head->next;
    head->next = NULL;
    while (p != NULL) {
        q = p->next;
        free(p);
        p = q;
    }
    return 0;
}
