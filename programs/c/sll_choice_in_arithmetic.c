/* expected: memsafety=true, memcleanup=true, unreach-call=true — a length of 2 or 3 chosen inside arithmetic (`2 + (nondet() ? 1 : 0)`), each cell given 9 or 19 (`10 * (nondet() ? 1 : 2) - 1`); a walk checks the data and counts at least 2 cells while it frees them */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *SLL;

int main(void)
{
    int len = 2 + (__VERIFIER_nondet_int() ? 1 : 0);
    SLL head = NULL, tmp;
    while (len > 0) {
        tmp = malloc(sizeof(struct node));
        if (tmp == NULL)
            abort();
        tmp->next = head;
        tmp->data = 10 * (__VERIFIER_nondet_int() ? 1 : 2) - 1;
        head = tmp;
        len--;
    }
    int count = 0;
    while (head != NULL) {
        tmp = head->next;
        if (head->data != 9 && head->data != 19)
            reach_error();
        free(head);
        head = tmp;
        count++;
    }
    if (count < 2)
        reach_error();
    return 0;
}
