/* expected: memsafety=true, memcleanup=false, unreach-call=false — a circular SLL counted while built; a do-while from head->next back to head counts len - 1 cells; when it does (always) and len > 2, reach_error() is called with the ring allocated */
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
    struct node *p = head->next;
    if (p != head) {
        do {
            cnt++;
            p = p->next;
        } while (p != head);
    }
    if (cnt != len - 1)
        goto out;
    if (len > 2)
        reach_error();
out:
    p = head->next;
    while (p != head) {
        struct node *t = p->next;
        free(p);
        p = t;
    }
    free(head);
    return 0;
}
