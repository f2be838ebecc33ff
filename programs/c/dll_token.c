/* expected: memsafety=true, memcleanup=true, unreach-call=true — forester-heap dll-token style: a DLL of 0 cells; a token cell 1 is placed at a nondet position; from the token the walk back by prev reaches the head and the walk forward the end; freed from the token outwards */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}

struct TDLL { struct TDLL *next; struct TDLL *prev; int data; };

int main(void)
{
    struct TDLL *head = NULL, *x, *y, *tok;
    while (__VERIFIER_nondet_int()) {
        y = malloc(sizeof(struct TDLL));
        y->next = head;
        y->prev = NULL;
        y->data = 0;
        if (head)
            head->prev = y;
        head = y;
    }
    tok = malloc(sizeof(struct TDLL));
    tok->data = 1;
    if (!head || __VERIFIER_nondet_int()) {
        tok->prev = NULL;
        tok->next = head;
        if (head)
            head->prev = tok;
        head = tok;
    } else {
        x = head;
        while (x->next && __VERIFIER_nondet_int())
            x = x->next;
        tok->next = x->next;
        tok->prev = x;
        if (x->next)
            x->next->prev = tok;
        x->next = tok;
    }

    for (x = tok->prev; x; x = x->prev)
        if (x->data != 0)
            reach_error();
    for (x = tok->next; x; x = x->next)
        if (x->data != 0)
            reach_error();

    /* free left part, then the token and the right part */
    x = tok->prev;
    while (x) {
        y = x->prev;
        free(x);
        x = y;
    }
    x = tok;
    while (x) {
        y = x->next;
        free(x);
        x = y;
    }
    return 0;
}
