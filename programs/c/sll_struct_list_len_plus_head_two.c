/* expected: memsafety=true, memcleanup=false, unreach-call=false — as sll_struct_list_len_plus_head, but the check expects L.len + 2 cells: reach_error aborts with the list allocated */
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
    if (c != L.len + 2)
        reach_error();
    while (L.head) { n = L.head->next; free(L.head); L.head = n; }
    return 0;
}
