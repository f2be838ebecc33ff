/* expected: memsafety=true, memcleanup=false, unreach-call=false — the same bubble sort by counts, but each pass stops one pair early (j < n - 2 - i): the last pair of the first pass is never compared, so two cells can stay unsorted */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

int main(void)
{
    struct node *head = NULL, *p;
    int n = 0, i, j, t;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = __VERIFIER_nondet_int();
        p->next = head;
        head = p;
        n++;
    }
    for (i = 0; i < n - 1; i++) {
        p = head;
        for (j = 0; j < n - 2 - i; j++) {
            if (p->data > p->next->data) {
                t = p->data;
                p->data = p->next->data;
                p->next->data = t;
            }
            p = p->next;
        }
    }
    for (p = head; p != NULL && p->next != NULL; p = p->next)
        if (p->data > p->next->data)
            reach_error();
    while (head != NULL) {
        p = head;
        head = head->next;
        free(p);
    }
    return 0;
}
