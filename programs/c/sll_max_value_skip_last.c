/* expected: memsafety=true, memcleanup=false, unreach-call=false — the walk that keeps the largest datum in an int variable skips the last cell (p->next != NULL), so a larger last datum reaches reach_error() */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

int main(void)
{
    List l = NULL, p;
    int max;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = __VERIFIER_nondet_int();
        p->next = l;
        l = p;
    }
    if (l != NULL) {
        max = l->data;
        for (p = l->next; p != NULL && p->next != NULL; p = p->next)
            if (p->data > max)
                max = p->data;
        for (p = l; p != NULL; p = p->next)
            if (p->data > max)
                reach_error();
    }
    while (l != NULL) {
        p = l;
        l = l->next;
        free(p);
    }
    return 0;
}
