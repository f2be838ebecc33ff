/* expected: memsafety=true, memcleanup=true, unreach-call=true — cells are numbered k++ as they are pushed (k from 0); every cell but the last (the first pushed) must hold a number other than 0 */
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
    for (p = list; p != NULL && p->next != NULL; p = p->next) {
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
