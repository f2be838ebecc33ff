/* expected: memsafety=true, memcleanup=true, unreach-call=true — list-ext3 dll_extends_pointer style: a DLL is extended at its end through a pointer to its last cell (kept across a call that returns the new last cell); length counted both ways must agree */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}

typedef struct node { struct node *next; struct node *prev; int data; } *DLL;

DLL extend(DLL last, int d)
{
    DLL n = malloc(sizeof(struct node));
    n->data = d;
    n->next = NULL;
    n->prev = last;
    last->next = n;
    return n;
}

int main(void)
{
    int len = 1, fw = 0, bw = 0;
    DLL head = malloc(sizeof(struct node)), last, p;
    head->next = NULL;
    head->prev = NULL;
    head->data = 0;
    last = head;
    while (__VERIFIER_nondet_int() && len < 10) {
        last = extend(last, len);
        len++;
    }
    for (p = head; p; p = p->next)
        fw++;
    for (p = last; p; p = p->prev)
        bw++;
    if (fw != len || bw != len)
        reach_error();
    while (head) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
