/* A stack of cells counted as they are pushed (len++), then walked by a copy of the count
 * stepped down to 0 (for (i = len; i > 0; i--) p = p->next): the walk never passes the last
 * cell, as i counts the cells still ahead of p.  The data are summed, then the stack is freed. */
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
    for (unsigned i = len; i > 0; i--) {
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
