/* expected: memsafety=true, memcleanup=false, unreach-call=false — as dll_extends_pointer, but extend() does not return the new cell: main's last pointer stays at the head, so the backward count is 1 and reach_error() is called (no free after: reach_error aborts) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }

typedef struct node { struct node *next; struct node *prev; int data; } *DLL;

void extend(DLL last, int d)
{
    DLL n = malloc(sizeof(struct node));
    n->data = d;
    n->next = NULL;
    n->prev = last;
    last->next = n;
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
        while (last->next)
            last = last->next;
        extend(last, len);
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
