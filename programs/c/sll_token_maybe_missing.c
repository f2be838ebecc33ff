/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — sll-token style: the token is inserted only on some runs; the search for it (no test of the end) runs off the list and reads NULL->data */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}

struct TSLL { struct TSLL *next; int data; };

int main(void)
{
    struct TSLL *head = malloc(sizeof(struct TSLL));
    struct TSLL *x, *y;
    head->next = NULL;
    head->data = 2;
    while (__VERIFIER_nondet_int()) {
        y = malloc(sizeof(struct TSLL));
        y->next = head;
        y->data = 0;
        head = y;
    }
    if (__VERIFIER_nondet_int()) {
        y = malloc(sizeof(struct TSLL));
        y->data = 1;
        y->next = head;
        head = y;
    }

    x = head;
    while (x->data != 1)
        x = x->next;

    while (head) {
        x = head->next;
        free(head);
        head = x;
    }
    return 0;
}
