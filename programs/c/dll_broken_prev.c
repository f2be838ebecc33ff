/* expected: memsafety=true, memcleanup=false, unreach-call=false — insert_after() forgets to update the prev field of the old successor: after an insertion in the middle the consistency check calls reach_error, which aborts with the list allocated */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "dll_broken_prev.c", 6, "reach_error"); }

typedef struct dnode {
    struct dnode *next;
    struct dnode *prev;
    int data;
} DNode;

void insert_after(DNode *p, int d)
{
    DNode *n = malloc(sizeof(DNode));
    n->data = d;
    n->prev = p;
    n->next = p->next;
    /* BUG: missing  if (p->next != NULL) p->next->prev = n;  */
    p->next = n;
}

int main(void)
{
    DNode *head, *p;

    head = malloc(sizeof(DNode));
    head->next = NULL;
    head->prev = NULL;
    head->data = 0;

    while (__VERIFIER_nondet_int()) {
        p = head;
        while (p->next != NULL && __VERIFIER_nondet_int())
            p = p->next;
        insert_after(p, 1);
    }

    for (p = head; p != NULL; p = p->next)
        if (p->next && p->next->prev != p)
            reach_error();

    while (head != NULL) {
        p = head;
        head = head->next;
        free(p);
    }
    return 0;
}
