/* expected: memsafety=true, memcleanup=false, unreach-call=false — bubble sort whose inner loop stops one pair early (p->next->next != NULL), so the last two cells are never compared: data 2,1 stays unsorted, reach_error aborts with the list allocated */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sort_bubble_offbyone.c", 6, "reach_error"); }

typedef struct node {
    struct node *next;
    int data;
} *List;

void bubble_sort(List l)
{
    List p;
    int swapped, t;

    do {
        swapped = 0;
        for (p = l; p != NULL && p->next != NULL && p->next->next != NULL; p = p->next) {   /* BUG */
            if (p->data > p->next->data) {
                t = p->data;
                p->data = p->next->data;
                p->next->data = t;
                swapped = 1;
            }
        }
    } while (swapped);
}

int main(void)
{
    List l = NULL;
    List p;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = __VERIFIER_nondet_int();
        p->next = l;
        l = p;
    }

    bubble_sort(l);

    for (p = l; p && p->next; p = p->next)
        if (p->data > p->next->data)
            reach_error();

    while (l != NULL) {
        p = l;
        l = l->next;
        free(p);
    }
    return 0;
}
