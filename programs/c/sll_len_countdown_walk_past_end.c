/* sll_len_countdown_walk.c with the count one too high (i++ before the walk): after the last
 * cell p is NULL, and the next read of p->d dereferences it. */
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

struct node {
    struct node *next;
    int d;
};

int main(void)
{
    struct node *h = NULL;
    unsigned len = 0;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        n->d = 1;
        n->next = h;
        h = n;
        len++;
    }
    struct node *p = h;
    int s = 0;
    unsigned i = len;
    i++;
    for (; i > 0; i--) {
        s += p->d;
        p = p->next;
    }
    while (h) {
        struct node *t = h->next;
        free(h);
        h = t;
    }
    return s < 0;
}
