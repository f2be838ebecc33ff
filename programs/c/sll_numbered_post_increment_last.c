/* expected: memsafety=true, memcleanup=false, unreach-call=false — as sll_numbered_post_increment.c, but the walk also checks the last cell, the first pushed, numbered 0 */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node {
    struct node *next;
    int data;
};

int main(void)
{
    struct node *list = NULL, *n, *p;
    int k = 0;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(struct node));
        n->data = k++;
        n->next = list;
        list = n;
    }
    for (p = list; p != NULL; p = p->next) {
        if (p->data == 0)
            reach_error();
    }
    while (list != NULL) {
        n = list->next;
        free(list);
        list = n;
    }
    return 0;
}
