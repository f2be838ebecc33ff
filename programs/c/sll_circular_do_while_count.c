/* expected: memsafety=true, memcleanup=true, unreach-call=true — a circular SLL of len >= 1 cells (len counted while built by inserting after the head) is walked with a do-while from head counting cells; the count must equal len; destroyed from head->next */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int flag; };

int main(void)
{
    struct node *head = malloc(sizeof *head);
    head->next = head;
    head->flag = 0;
    int len = 1;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        n->flag = 1;
        n->next = head->next;
        head->next = n;
        len++;
    }
    int cnt = 0;
    struct node *p = head;
    do {
        if (p != head && p->flag != 1)
            reach_error();
        cnt++;
        p = p->next;
    } while (p != head);
    if (cnt != len)
        reach_error();
    p = head->next;
    while (p != head) {
        struct node *t = p->next;
        free(p);
        p = t;
    }
    free(head);
    return 0;
}
