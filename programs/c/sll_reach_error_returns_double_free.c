/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=false — the program's own reach_error() does nothing, so the run goes on after it: the list is freed after the check and, on some runs through the call, its head freed again */
#include <stdlib.h>
void reach_error() {}
extern int __VERIFIER_nondet_int(void);

struct node {
    struct node *next;
    int data;
};

int main(void)
{
    struct node *head = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof(*n));
        n->data = 0;
        n->next = head;
        head = n;
    }
    int bad = 0;
    for (struct node *p = head; p; p = p->next)
        if (p->data != 0)
            bad = 1;
    if (head != NULL && __VERIFIER_nondet_int()) {
        reach_error();
        bad = 1;
    }
    struct node *first = head;
    while (head) {
        struct node *next = head->next;
        free(head);
        head = next;
    }
    if (bad && first != NULL && __VERIFIER_nondet_int())
        free(first);
    return 0;
}
