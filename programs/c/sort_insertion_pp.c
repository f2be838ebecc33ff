/* expected: memsafety=true, memcleanup=true, unreach-call=true — insertion of nondet keys into a sorted list through a pointer to the link being walked (struct node **pp = head; while (*pp && (*pp)->key < n->key) pp = &(*pp)->next; n->next = *pp; *pp = n;), then the order is checked and the list freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sort_insertion_pp.c", 6, "reach_error"); }

struct node {
    int key;
    struct node *next;
};

static void insert_sorted(struct node **head, struct node *n)
{
    struct node **pp = head;
    while (*pp && (*pp)->key < n->key)
        pp = &(*pp)->next;
    n->next = *pp;
    *pp = n;
}

int main(void)
{
    struct node *head = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        if (!n) abort();
        n->key = __VERIFIER_nondet_int();
        insert_sorted(&head, n);
    }
    for (struct node *p = head; p && p->next; p = p->next)
        if (p->key > p->next->key)
            reach_error();
    while (head) {
        struct node *t = head->next;
        free(head);
        head = t;
    }
    return 0;
}
