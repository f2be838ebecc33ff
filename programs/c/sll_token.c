/* expected: memsafety=true, memcleanup=true, unreach-call=true — forester-heap sll-token style: a list of 0 cells ending in a cell 2; a token cell 1 is inserted after a nondet cell; the search for the token stops on it before the end */
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
    /* insert the token before the end cell */
    x = head;
    if (x->data == 2) {
        y = malloc(sizeof(struct TSLL));
        y->data = 1;
        y->next = head;
        head = y;
    } else {
        while (x->next->data != 2 && __VERIFIER_nondet_int())
            x = x->next;
        y = malloc(sizeof(struct TSLL));
        y->data = 1;
        y->next = x->next;
        x->next = y;
    }

    x = head;
    while (x->data != 1) {
        if (x->data == 2)
            reach_error();
        x = x->next;
    }
    x = x->next;
    while (x->data != 2) {
        if (x->data != 0)
            reach_error();
        x = x->next;
    }
    if (x->next != NULL)
        reach_error();

    while (head) {
        x = head->next;
        free(head);
        head = x;
    }
    return 0;
}
