/* expected: memsafety=true, memcleanup=true, unreach-call=true — the sub-list of every second item is joined onto the one before it, and that item is freed with its pointer into the joined chain still set; then every item and chain is freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int value; };
struct list { struct node *sub; struct list *next; };
static struct list *join_pairs(struct list *data) {
    struct list *dst = NULL;
    while (data) {
        struct list *next = data->next;
        if (!next) { data->next = dst; dst = data; break; }
        if (!data->sub) data->sub = next->sub;
        else { struct node *t = data->sub; while (t->next) t = t->next; t->next = next->sub; }
        data->next = dst;
        dst = data;
        data = next->next;
        free(next);
    }
    return dst;
}
int main() {
    struct list *data = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *node = malloc(sizeof *node);
        node->next = NULL;
        node->value = __VERIFIER_nondet_int();
        struct list *item = malloc(sizeof *item);
        item->sub = node;
        item->next = data;
        data = item;
    }
    if (!data) return 0;
    data = join_pairs(data);
    while (data) {
        struct list *dn = data->next;
        struct node *node = data->sub;
        free(data);
        while (node) { struct node *snext = node->next; free(node); node = snext; }
        data = dn;
    }
    return 0;
}
