/* expected: memsafety=true, memcleanup=true, unreach-call=true — ldv style: allocations go through a void* helper (kzalloc-like calloc wrapper) and are assigned to typed pointers; data checked, freed through a void* wrapper */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

static void *ldv_zalloc(size_t size)
{
    void *p = calloc(1, size);
    return p;
}

static void ldv_free(void *p)
{
    free(p);
}

int main(void)
{
    struct node *head = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = ldv_zalloc(sizeof(struct node));
        if (!n)
            break;
        n->next = head;
        head = n;
    }
    for (struct node *p = head; p; p = p->next)
        if (p->data != 0)
            reach_error();
    while (head) {
        struct node *t = head->next;
        ldv_free(head);
        head = t;
    }
    return 0;
}
