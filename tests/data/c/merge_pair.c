/* merge sort's merge of two sorted lists through a struct node *** cursor (the competition's
   merge_sort task), the order chosen at random: included by test_cfront_breach.py and
   test_cfront_reach_after_cut.py */
struct node {
    struct node *next;
    int value;
};

struct list {
    struct node *slist;
    struct list *next;
};

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
        if (!sub2 || (sub1 && __VERIFIER_nondet_int()))
            merge_single_node(&dst, &sub1);
        else
            merge_single_node(&dst, &sub2);
    }
}

