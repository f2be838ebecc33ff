/* expected: memsafety=true, memcleanup=true, unreach-call=true — a circular DLL of nondet length (>= 1) whose head pointer is rotated forward or backward a nondet number of times; counts walked by next (do-while) and by prev must both equal the built length; then freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct dn { struct dn *next, *prev; int data; };

int main(void)
{
    struct dn *h = malloc(sizeof *h);
    h->next = h;
    h->prev = h;
    h->data = 0;
    int len = 1;
    while (__VERIFIER_nondet_int()) {
        struct dn *n = malloc(sizeof *n);
        n->data = len;
        n->prev = h;
        n->next = h->next;
        h->next->prev = n;
        h->next = n;
        len++;
    }
    int r;
    while ((r = __VERIFIER_nondet_int()) != 0)
        h = (r > 0) ? h->next : h->prev;
    int f = 0, b = 0;
    struct dn *p = h;
    do { f++; p = p->next; } while (p != h);
    p = h;
    do { b++; p = p->prev; } while (p != h);
    if (f != len || b != len)
        reach_error();
    p = h->next;
    while (p != h) {
        struct dn *t = p->next;
        free(p);
        p = t;
    }
    free(h);
    return 0;
}
