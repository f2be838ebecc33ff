/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — as dll_token, but inserting the token after x does not fix the old successor's prev: the walk back from the end skips the token, frees the left part and reads NULL->prev */
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
        x->next = tok;
    }

    /* free everything right of the token going left from the end */
    x = tok;
    while (x->next)
        x = x->next;
    while (x != tok) {
        y = x->prev;
        free(x);
        x = y;
    }
    x = tok->prev;
    while (x) {
        y = x->prev;
        free(x);
        x = y;
    }
    free(tok);
    return 0;
}
