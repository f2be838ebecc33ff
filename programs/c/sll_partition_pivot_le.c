/* expected: memsafety=true, memcleanup=false, unreach-call=false — the partition puts cells equal to the pivot among the lower ones (<= instead of <), which the check of the lower part (every datum below the pivot) finds; reach_error aborts with the lists allocated */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

struct node {
    int data;
    struct node *next;
};

int main(void)
{
    struct node *list = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof(*n));
        n->data = __VERIFIER_nondet_int();
        n->next = list;
        list = n;
    }
    int pivot = __VERIFIER_nondet_int();
    struct node *lt = NULL, *ge = NULL;
    while (list) {
        struct node *cur = list;
        list = list->next;
        if (cur->data <= pivot) {
            cur->next = lt;
            lt = cur;
        } else {
            cur->next = ge;
            ge = cur;
        }
    }
    for (struct node *p = lt; p; p = p->next)
        if (p->data >= pivot)
            reach_error();
    for (struct node *p = ge; p; p = p->next)
        if (p->data < pivot)
            reach_error();
    while (lt) { struct node *n = lt->next; free(lt); lt = n; }
    while (ge) { struct node *n = ge->next; free(ge); ge = n; }
    return 0;
}
