/* expected: memsafety=true, memcleanup=true, unreach-call=true — the list_head is the first member, so a plain cast turns a struct list_head pointer into its item; the head is a local of main */
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
struct item { struct list_head link; int data; };
int main(void) {
    LIST_HEAD(items);
    struct item *it;
    struct list_head *p, *n;
    while (__VERIFIER_nondet_int()) {
        it = malloc(sizeof *it);
        if (!it) abort();
        it->data = 2;
        list_add(&it->link, &items);
    }
    for (p = items.next; p != &items; p = p->next)
        if (((struct item *)p)->data != 2) reach_error();
    for (p = items.next, n = p->next; p != &items; p = n, n = p->next)
        free((struct item *)p);
    return 0;
}
