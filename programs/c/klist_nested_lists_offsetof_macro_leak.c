/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — in the style of memsafety test-0234: nodes on a global Linux-style list, each with a nested list of sub-items, container_of written with the kernel's own offsetof macro ((size_t) &((T *)0)->m); the destroy frees each node without emptying its nested list: the sub-items are lost with it */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct list_head { struct list_head *next, *prev; };

#define LIST_HEAD_INIT(name) { &(name), &(name) }
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)
#define offsetof(TYPE, MEMBER) ((size_t) &((TYPE *)0)->MEMBER)
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

static inline void INIT_LIST_HEAD(struct list_head *list)
{
    list->next = list;
    list->prev = list;
}

static inline void __list_add(struct list_head *new, struct list_head *prev, struct list_head *next)
{
    next->prev = new;
    new->next = next;
    new->prev = prev;
    prev->next = new;
}

static inline void list_add(struct list_head *new, struct list_head *head)
{
    __list_add(new, head, head->next);
}

static inline void list_del(struct list_head *entry)
{
    entry->next->prev = entry->prev;
    entry->prev->next = entry->next;
}

struct sub { int value; struct list_head link; };
struct node { int value; struct list_head linkage; struct list_head nested; };

LIST_HEAD(gl_list);

static void gl_insert(int value)
{
    struct node *node = malloc(sizeof *node);
    if (!node)
        abort();
    node->value = value;
    list_add(&node->linkage, &gl_list);
    INIT_LIST_HEAD(&node->nested);
    while (__VERIFIER_nondet_int()) {
        struct sub *s = malloc(sizeof *s);
        if (!s)
            abort();
        s->value = value;
        list_add(&s->link, &node->nested);
    }
}

static void gl_destroy(void)
{
    struct list_head *next;
    while (&gl_list != (next = gl_list.next)) {
        struct node *node = container_of(next, struct node, linkage);
        gl_list.next = next->next;
        free(node);
    }
}

int main(void)
{
    do
        gl_insert(__VERIFIER_nondet_int());
    while (__VERIFIER_nondet_int());
    gl_destroy();
    return 0;
}
