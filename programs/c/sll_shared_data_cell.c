/* expected: memsafety=true, memcleanup=true, unreach-call=true — memsafety/test-0218 style: every item's data points to one shared cell of the item type, made for the first item appended (the list's last); the destroy frees the data once, with the first item, then the rest */
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

    if (list) {
        struct item *next = list->next;
        free(list->data);
        free(list);
        list = next;
    }
    while (list) {
        struct item *next = list->next;
        free(list);
        list = next;
    }
    return 0;
}
