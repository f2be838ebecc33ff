/* expected: memsafety=true, memcleanup=true, unreach-call=false — the same, but the final check expects at least 3 cells: the choice gives 2 on one branch */
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
    if (count < 3)
        reach_error();
    return 0;
}
