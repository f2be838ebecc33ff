/* expected: memsafety=true, memcleanup=true, unreach-call=true — a kernel-style list_head on the stack with items added by list_add_tail, each item holding a `void *data` that is only ever set to NULL; removed with list_del and freed through list_entry */
#include <stdlib.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);

struct list_head {
    struct list_head *next, *prev;
};

#define LIST_HEAD_INIT(name) { &(name), &(name) }
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)
#define list_entry(ptr, type, member) \
    ((type *)((char *)(ptr)-(unsigned long)(&((type *)0)->member)))

static void __list_add(struct list_head *new, struct list_head *prev, struct list_head *next)
{
    next->prev = new;
    new->next = next;
    new->prev = prev;
    prev->next = new;
}

static void list_add_tail(struct list_head *new, struct list_head *head)
{
    __list_add(new, head->prev, head);
}

static void list_del(struct list_head *entry)
{
    entry->next->prev = entry->prev;
    entry->prev->next = entry->next;
    entry->next = NULL;
    entry->prev = NULL;
}

struct my_item {
    void *data;
    struct list_head link;
};

int main()
{
    LIST_HEAD(head);
    while (__VERIFIER_nondet_int()) {
        struct my_item *ptr = malloc(sizeof *ptr);
        if (!ptr) abort();
        ptr->data = NULL;
        list_add_tail(&ptr->link, &head);
    }
    while (head.next != &head) {
        struct list_head *l = head.next;
        struct my_item *it = list_entry(l, struct my_item, link);
        list_del(l);
        free(it);
    }
    return 0;
}
