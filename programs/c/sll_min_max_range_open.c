/* expected: memsafety=true, memcleanup=false, unreach-call=false — as sll_min_max_range.c, but data above 5 are no longer skipped: a datum of 6 makes the greatest one pass the upper end, and reach_error() is called before the list is freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct node {
    int val;
    struct node *next;
} Node;

int main(void)
{
    Node *p, *list = malloc(sizeof(*list));
    Node *tail = list;
    list->next = NULL;
    list->val = 1;
    while (__VERIFIER_nondet_int()) {
        int x = __VERIFIER_nondet_int();
        if (x < 1)
            continue;
        p = malloc(sizeof(*p));
        tail->next = p;
        p->next = NULL;
        p->val = x;
        tail = p;
    }
    int min = 2147483647, max = -2147483648;
    p = list;
    while (p) {
        if (p->val < min)
            min = p->val;
        if (p->val > max)
            max = p->val;
        p = p->next;
    }
    if (min < 1 || max > 5 || min > 1)
        reach_error();
    p = list;
    while (p) {
        if (p->val < min || p->val > max)
            reach_error();
        p = p->next;
    }
    while (list) {
        p = list->next;
        free(list);
        list = p;
    }
    return 0;
}
