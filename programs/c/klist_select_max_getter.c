/* expected: memsafety=true, memcleanup=true, unreach-call=true — selection sort of a Linux-style list: the greatest value found through a getter function (its result kept in an int variable) is moved to the front of a second list, which is spliced back; then a check through the getter that the values are in order */
#include <stdlib.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "klist_select_max_getter.c", 7, "reach_error"); }

struct list_head { struct list_head *next, *prev; };
#define LIST_HEAD_INIT(name) { &(name), &(name) }
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)
#define list_entry(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

static void __list_add(struct list_head *new, struct list_head *prev, struct list_head *next)
{
    next->prev = new;
    new->next = next;
    new->prev = prev;
    prev->next = new;
}
static void list_add(struct list_head *new, struct list_head *head) { __list_add(new, head, head->next); }
static void __list_del(struct list_head *prev, struct list_head *next) { next->prev = prev; prev->next = next; }
static void list_move(struct list_head *list, struct list_head *head)
{
    __list_del(list->prev, list->next);
    list_add(list, head);
}
static int list_empty(const struct list_head *head) { return head->next == head; }
static void list_splice(struct list_head *list, struct list_head *head)
{
    struct list_head *first = list->next;
    if (first != list) {
        struct list_head *last = list->prev;
        struct list_head *at = head->next;
        first->prev = head;
        head->next = first;
        last->next = at;
        at->prev = last;
    }
}

struct node { int value; struct list_head linkage; };
static LIST_HEAD(gl_list);

static void gl_insert(int value)
{
    struct node *node = malloc(sizeof *node);
    if (!node)
        abort();
    node->value = value;
    list_add(&node->linkage, &gl_list);
}

static void gl_read(void)
{
    do {
        gl_insert(__VERIFIER_nondet_int());
    } while (__VERIFIER_nondet_int());
}

static void gl_destroy(void)
{
    struct list_head *next;
    while (&gl_list != (next = gl_list.next)) {
        gl_list.next = next->next;
        free(list_entry(next, struct node, linkage));
    }
}

static int val_from_node(struct list_head *head)
{
    struct node *entry = list_entry(head, struct node, linkage);
    return entry->value;
}

static struct list_head *gl_seek_max(void)
{
    struct list_head *pos, *max_pos = NULL;
    int max;
    if (list_empty(&gl_list))
        return NULL;
    max_pos = gl_list.next;
    max = val_from_node(max_pos);
    for (pos = gl_list.next; pos != &gl_list; pos = pos->next) {
        const int value = val_from_node(pos);
        if (value < max)
            continue;
        max_pos = pos;
        max = value;
    }
    return max_pos;
}

static void gl_sort(void)
{
    if (list_empty(&gl_list))
        return;
    LIST_HEAD(dst);
    struct list_head *max_pos;
    while ((max_pos = gl_seek_max()))
        list_move(max_pos, &dst);
    list_splice(&dst, &gl_list);
}

int main(void)
{
    gl_read();
    gl_sort();
    struct list_head *pos;
    for (pos = gl_list.next; pos->next != &gl_list; pos = pos->next)
        if (val_from_node(pos) > val_from_node(pos->next))
            reach_error();
    gl_destroy();
    return 0;
}
