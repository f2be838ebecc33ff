/* expected: memsafety=true, memcleanup=true, unreach-call=true — bubble sort of a Linux-style list with list_move (as in the competition's bubble_sort_linux), then a check that the values are in order along the list */
#include <stdlib.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "lk.c", 3, "reach_error"); }
struct list_head { struct list_head *next, *prev; };
#define LIST_HEAD_INIT(name) { &(name), &(name) }
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)
#define container_of(ptr, type, member) ({ const typeof( ((type *)0)->member ) *__mptr = (ptr); (type *)( (char *)__mptr - offsetof(type,member) );})
#define list_entry(ptr, type, member) container_of(ptr, type, member)
#define list_for_each_entry(pos, head, member) for (pos = list_entry((head)->next, typeof(*pos), member); &pos->member != (head); pos = list_entry(pos->member.next, typeof(*pos), member))
static inline void __list_add(struct list_head *new, struct list_head *prev, struct list_head *next)
{ next->prev = new; new->next = next; new->prev = prev; prev->next = new; }
static inline void list_add(struct list_head *new, struct list_head *head) { __list_add(new, head, head->next); }
static inline void list_add_tail(struct list_head *new, struct list_head *head) { __list_add(new, head->prev, head); }
static inline void __list_del(struct list_head *prev, struct list_head *next) { next->prev = prev; prev->next = next; }
static inline void list_del(struct list_head *entry) { __list_del(entry->prev, entry->next); }
static inline int list_empty(const struct list_head *head) { return head->next == head; }
struct node { int value; struct list_head linkage; };
static LIST_HEAD(gl_list);
static inline void list_move(struct list_head *list, struct list_head *head)
{ __list_del(list->prev, list->next); list_add(list, head); }
static void gl_insert(int value)
{
    struct node *node = malloc(sizeof *node);
    if (!node) abort();
    node->value = value;
    list_add(&node->linkage, &gl_list);
}
static void gl_sort(void)
{
    int changed;
    struct list_head *pos;
    if (list_empty(&gl_list)) return;
    do {
        changed = 0;
        for (pos = gl_list.next; pos->next != &gl_list; ) {
            struct node *a = list_entry(pos, struct node, linkage);
            struct node *b = list_entry(pos->next, struct node, linkage);
            if (a->value <= b->value) { pos = pos->next; continue; }
            list_move(pos, pos->next);
            changed = 1;
        }
    } while (changed);
}
int main(void)
{
    struct node *a, *b;
    struct list_head *p;
    while (__VERIFIER_nondet_int()) gl_insert(__VERIFIER_nondet_int());
    gl_sort();
    for (p = gl_list.next; p != &gl_list && p->next != &gl_list; p = p->next) {
        a = list_entry(p, struct node, linkage);
        b = list_entry(p->next, struct node, linkage);
        if (a->value > b->value) reach_error();
    }
    while (!list_empty(&gl_list)) {
        a = list_entry(gl_list.next, struct node, linkage);
        list_del(&a->linkage);
        free(a);
    }
    return 0;
}
