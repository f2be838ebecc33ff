/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — list_entry of the head's next without testing list_empty: on the empty list it is the head itself, a lone struct list_head, whose data field does not exist */
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
struct item { int data; struct list_head link; };
static LIST_HEAD(items);
int main(void) {
    struct item *it;
    while (__VERIFIER_nondet_int()) {
        it = malloc(sizeof *it);
        if (!it) abort();
        it->data = 1;
        list_add(&it->link, &items);
    }
    it = list_entry(items.next, struct item, link);
    if (it->data != 1) reach_error();     /* the list may be empty: it is then the head */
    while (!list_empty(&items)) {
        it = list_entry(items.next, struct item, link);
        list_del(&it->link);
        free(it);
    }
    return 0;
}
