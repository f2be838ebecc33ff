/* expected: memsafety=true, memcleanup=true, unreach-call=true — SV-COMP heap-manipulation merge_sort: a list of one-cell sub-lists merged pairwise, pass after pass, through a struct node *** cursor until one sorted list is left (each pass frees the second item of every pair while its slist still points into the merged chain); the result is checked sorted and freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);
struct node { struct node *next; int value; };
struct list { struct node *slist; struct list *next; };

static void merge_single_node(struct node ***dst, struct node **data)
{
    struct node *node = *data;
    *data = node->next;
    node->next = NULL;
    **dst = node;
    *dst = &node->next;
}

static void merge_pair(struct node **dst, struct node *sub1, struct node *sub2)
{
    while (sub1 || sub2) {
        if (!sub2 || (sub1 && sub1->value < sub2->value))
            merge_single_node(&dst, &sub1);
        else
            merge_single_node(&dst, &sub2);
    }
}

static struct list *seq_sort_core(struct list *data)
{
    struct list *dst = NULL;
    while (data) {
        struct list *next = data->next;
        if (!next) {
            data->next = dst;
            dst = data;
            break;
        }
        merge_pair(&data->slist, data->slist, next->slist);
        data->next = dst;
        dst = data;
        data = next->next;
        free(next);
    }
    return dst;
}

int main(void)
{
    struct list *data = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *node = malloc(sizeof *node);
        if (!node) abort();
        node->next = NULL;
        node->value = __VERIFIER_nondet_int();
        struct list *item = malloc(sizeof *item);
        if (!item) abort();
        item->slist = node;
        item->next = data;
        data = item;
    }
    if (!data)
        return 0;
    while (data->next)
        data = seq_sort_core(data);
    struct node *node = data->slist;
    free(data);
    while (node) {
        struct node *snext = node->next;
        if (snext && node->value > snext->value)
            reach_error();
        free(node);
        node = snext;
    }
    return 0;
}
