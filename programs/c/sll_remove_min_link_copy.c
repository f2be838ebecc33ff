/* expected: memsafety=true, memcleanup=true, unreach-call=true — the cell of least datum found through two link pointers (`pm = pq` keeps the link of the least cell seen), unlinked through the one kept then freed: it is not the head any more, nor its own successor */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

static struct node *remove_min(struct node **head)
{
    struct node **pm = head, **pq;
    for (pq = &(*head)->next; *pq; pq = &(*pq)->next)
        if ((*pq)->data < (*pm)->data)
            pm = pq;
    struct node *m = *pm;
    *pm = m->next;
    return m;
}

int main(void)
{
    struct node *head = NULL, *n;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof *n);
        n->data = __VERIFIER_nondet_int();
        n->next = head;
        head = n;
    }
    if (head) {
        n = remove_min(&head);
        if (n == head || n->next == n)
            reach_error();
        free(n);
    }
    while (head) {
        n = head->next;
        free(head);
        head = n;
    }
    return 0;
}
