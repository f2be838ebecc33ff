/* expected: memsafety=true, memcleanup=true, unreach-call=true — a struct list { head, len } of main counts the cells pushed in a loop (L.len++), then one more head cell is pushed uncounted; a walk's count is checked against L.len + 1 */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; };
struct list { struct node *head; int len; };
int main(void)
{
    struct list L = { NULL, 0 };
    struct node *n, *p;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof *n);
        n->next = L.head;
        L.head = n;
        L.len++;
    }
    n = malloc(sizeof *n);
    n->next = L.head;
    L.head = n;
    int c = 0;
    for (p = L.head; p; p = p->next)
        c++;
    if (c != L.len + 1)
        reach_error();
    while (L.head) { n = L.head->next; free(L.head); L.head = n; }
    return 0;
}
