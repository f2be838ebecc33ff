/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=true — as sll_shared_data_cell, but the destroy frees every item's data: with two items the shared cell is freed twice */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct item { struct item *next; struct item *data; };

static void append(struct item **plist)
{
    struct item *item = malloc(sizeof *item);
    item->next = *plist;
    item->data = (item->next) ? item->next->data : malloc(sizeof *item);
    *plist = item;
}

int main(void)
{
    struct item *list = NULL;
    do
        append(&list);
    while (__VERIFIER_nondet_int());

    while (list) {
        struct item *next = list->next;
        free(list->data);
        free(list);
        list = next;
    }
    return 0;
}
