/* expected: memsafety=true, memcleanup=true, unreach-call=true — (heap-manipulation sll_to_dll_rev style) a singly linked list built in three runs of chain_node with two cells remembered through const out-parameters; back links added, the list reversed as a DLL, forward links removed; each stage checked between the remembered cells along next or prev; freed along prev */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

struct node {
    struct node *next;
    struct node *prev;
};

static struct node* alloc_node(void)
{
    struct node *ptr = malloc(sizeof *ptr);
    if (!ptr)
        abort();
    ptr->next = NULL;
    ptr->prev = NULL;
    return ptr;
}

static void chain_node(struct node **ppnode)
{
    struct node *node = alloc_node();
    node->next = *ppnode;
    *ppnode = node;
}

static struct node* create_sll(const struct node **pp1, const struct node **pp2)
{
    struct node *list = NULL;
    do
        chain_node(&list);
    while (__VERIFIER_nondet_int());
    *pp2 = list;
    do
        chain_node(&list);
    while (__VERIFIER_nondet_int());
    *pp1 = list;
    do
        chain_node(&list);
    while (__VERIFIER_nondet_int());
    return list;
}

void init_back_link(struct node *list) {
    for (;;) {
        struct node *next = list->next;
        if (!next)
            return;
        next->prev = list;
        list = next;
    }
}

void reverse_dll(struct node *list) {
    while (list) {
        struct node *next = list->next;
        list->next = list->prev;
        list->prev = next;
        list = next;
    }
}

void remove_fw_link(struct node *list) {
    while (list) {
        struct node *next = list->next;
        list->next = NULL;
        list = next;
    }
}

void check_seq_next(const struct node *beg, const struct node *const end) {
    if (!beg)
        reach_error();
    for (beg = beg->next; end != beg; beg = beg->next)
        if (!beg)
            reach_error();
}

void check_seq_prev(const struct node *beg, const struct node *const end) {
    if (!beg)
        reach_error();
    for (beg = beg->prev; end != beg; beg = beg->prev)
        if (!beg)
            reach_error();
}

int main()
{
    const struct node *p1, *p2;
    struct node *list = create_sll(&p1, &p2);
    check_seq_next(p1, p2);
    init_back_link(list);
    check_seq_next(p1, p2);
    check_seq_prev(p2, p1);
    reverse_dll(list);
    check_seq_prev(p1, p2);
    check_seq_next(p2, p1);
    remove_fw_link(list);
    check_seq_prev(p1, p2);
    while (list) {
        struct node *prev = list->prev;
        free(list);
        list = prev;
    }
    return 0;
}
