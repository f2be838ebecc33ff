/* expected: memsafety=true, memcleanup=true, unreach-call=true — data drawn within [1, 5] (values outside are skipped with continue); the first cell holds 1; a walk keeps the least and the greatest datum in two variables started at INT_MAX and INT_MIN; both extremes lie in the range and the least is 1; every cell lies between them; all cells freed (the style of SV-COMP's heap-data min_max) */
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
        if (x < 1 || x > 5)
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
