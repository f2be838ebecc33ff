/* expected: memsafety=true, memcleanup=true, unreach-call=true — a cyclic DLL with a heap sentinel cell (linked to itself when empty), items inserted before the sentinel (at the tail) or after it (at the head) at random; walked both ways to the sentinel counting; items removed from the front until the sentinel is alone; then the sentinel is freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}

struct node { struct node *next; struct node *prev; int data; };

int main(void)
{
    struct node *s = malloc(sizeof(struct node)), *n, *p;
    int len = 0, f = 0, b = 0;
    s->next = s;
    s->prev = s;
    s->data = -1;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(struct node));
        n->data = len;
        if (__VERIFIER_nondet_int()) {
            n->next = s;
            n->prev = s->prev;
            s->prev->next = n;
            s->prev = n;
        } else {
            n->prev = s;
            n->next = s->next;
            s->next->prev = n;
            s->next = n;
        }
        len++;
    }
    for (p = s->next; p != s; p = p->next)
        f++;
    for (p = s->prev; p != s; p = p->prev)
        b++;
    if (f != len || b != len)
        reach_error();
    while (s->next != s) {
        n = s->next;
        s->next = n->next;
        n->next->prev = s;
        free(n);
    }
    if (s->prev != s)
        reach_error();
    free(s);
    return 0;
}
