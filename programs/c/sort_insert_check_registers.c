/* expected: memsafety=true, memcleanup=true, unreach-call=true — sorted insertion of nondet data; the check loads each pair of neighbouring data into two int variables and compares the variables (a > b), never true on a sorted list; all cells freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef struct node { struct node *next; int data; } Node;
Node *insert(Node *h, int v)
{
    Node *n = malloc(sizeof(Node));
    n->data = v;
    if (!h || v <= h->data) { n->next = h; return n; }
    Node *p = h;
    while (p->next && p->next->data < v) p = p->next;
    n->next = p->next;
    p->next = n;
    return h;
}
int main(void)
{
    Node *h = NULL, *p;
    while (__VERIFIER_nondet_int())
        h = insert(h, __VERIFIER_nondet_int());
    for (p = h; p && p->next; p = p->next) {
        int a = p->data; int b = p->next->data; if (a > b) reach_error();
    }
    while (h) { p = h->next; free(h); h = p; }
    return 0;
}
