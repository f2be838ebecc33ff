/* expected: memsafety=true, memcleanup=true, unreach-call=true — list-ext3 dll_nullified style: a DLL of len (2..) cells holding nondet data; a walk sets every datum to 0 ("nullifies" it), then every cell is checked 0 and the list freed from the tail by prev */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}

typedef struct node { struct node *next; struct node *prev; int data; } *DLL;

DLL dll_create(int len)
{
    DLL head = NULL, n;
    while (len > 0) {
        n = malloc(sizeof(struct node));
        n->data = __VERIFIER_nondet_int();
        n->next = head;
        n->prev = NULL;
        if (head)
            head->prev = n;
        head = n;
        len--;
    }
    return head;
}

int main(void)
{
    int len = __VERIFIER_nondet_int();
    DLL head, p, tail;
    __VERIFIER_assume(len >= 2 && len <= 10);
    head = dll_create(len);
    for (p = head; p; p = p->next)
        p->data = 0;
    tail = head;
    for (p = head; p; p = p->next) {
        if (p->data != 0)
            reach_error();
        tail = p;
    }
    while (tail) {
        p = tail->prev;
        free(tail);
        tail = p;
    }
    return 0;
}
