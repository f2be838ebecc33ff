/* expected: memsafety=true, memcleanup=true, unreach-call=true — in-place reversal by a helper function: the old tail (data 1) becomes the head, then all cells are freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

List reverse(List l)
{
    List r = NULL;
    List t;

    while (l != NULL) {
        t = l->next;
        l->next = r;
        r = l;
        l = t;
    }
    return r;
}

int main(void)
{
    List head = NULL;
    List p;

    if (__VERIFIER_nondet_int()) {
        /* the first cell allocated is the tail: it is marked with 1 */
        head = malloc(sizeof(struct node));
        head->data = 1;
        head->next = NULL;
        while (__VERIFIER_nondet_int()) {
            p = malloc(sizeof(struct node));
            p->data = 0;
            p->next = head;
            head = p;
        }
    }

    head = reverse(head);

    if (head != NULL && head->data != 1)
        reach_error();
    if (head != NULL)
        for (p = head->next; p != NULL; p = p->next)
            if (p->data != 0)
                reach_error();

    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
