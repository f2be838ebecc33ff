/* expected: memsafety=true, memcleanup=false, unreach-call=false — a global list with insert(int k), search(int k) and delete(int k): the key is searched again after one delete, but a nondet key may equal it (reach_error ends the run with cells allocated) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { int key; struct node *next; };
struct node *head = NULL;

void insert(int k)
{
    struct node *n = malloc(sizeof(struct node));
    n->key = k;
    n->next = head;
    head = n;
}

struct node *search(int k)
{
    struct node *p = head;
    while (p != NULL && p->key != k)
        p = p->next;
    return p;
}

void delete(int k)
{
    struct node *p = head, *prev = NULL;
    while (p != NULL && p->key != k) {
        prev = p;
        p = p->next;
    }
    if (p == NULL)
        return;
    if (prev == NULL)
        head = p->next;
    else
        prev->next = p->next;
    free(p);
}

int main(void)
{
    while (__VERIFIER_nondet_int())
        insert(__VERIFIER_nondet_int());
    int k = __VERIFIER_nondet_int();
    insert(k);
    if (search(k) == NULL)
        reach_error();
    delete(k);
    if (search(k) != NULL)
        reach_error();
    while (head != NULL)
        delete(head->key);
    return 0;
}
