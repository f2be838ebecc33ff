/* expected: memsafety=true, memcleanup=true, unreach-call=true — length() counts the cells of a list of at most 10 cells built with a counter; the two counts agree; all cells are freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

int length(List l)
{
    int n = 0;

    while (l != NULL) {
        n++;
        l = l->next;
    }
    return n;
}

int main(void)
{
    List head = NULL;
    List p;
    int n = 0;

    while (n < 10 && __VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = n;
        p->next = head;
        head = p;
        n++;
    }

    if (length(head) != n)
        reach_error();

    while (head != NULL) {
        p = head;
        head = head->next;
        free(p);
    }
    return 0;
}
