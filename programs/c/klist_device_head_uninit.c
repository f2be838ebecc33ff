/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — as klist_device_head.c, but the head inside the malloc'd device is never initialised (no INIT_LIST_HEAD): list_add reads its garbage next pointer; the buffers are freed through dev->bufs.next directly */
#include <stdlib.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "klist_device_head_uninit.c", 3, "reach_error"); }
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
#define list_first_entry(ptr, type, member) list_entry((ptr)->next, type, member)
#define list_for_each_entry_safe(pos, n, head, member) \
    for (pos = list_entry((head)->next, typeof(*pos), member), n = list_entry(pos->member.next, typeof(*pos), member); \
         &pos->member != (head); pos = n, n = list_entry(n->member.next, typeof(*n), member))
static inline void INIT_LIST_HEAD(struct list_head *list) { list->next = list; list->prev = list; }
struct buf { int size; struct list_head link; };
struct device { int id; struct list_head bufs; };
int main(void) {
    struct device *dev = malloc(sizeof(struct device));
    struct buf *b, *tmp;
    if (!dev) abort();
    dev->id = 1;
    while (__VERIFIER_nondet_int()) {
        b = malloc(sizeof(struct buf));
        if (!b) abort();
        b->size = 4;
        list_add(&b->link, &dev->bufs);
    }
    list_for_each_entry(b, &dev->bufs, link) {
        if (b->size != 4) reach_error();
    }
    while (dev->bufs.next != &dev->bufs) {
        b = list_entry(dev->bufs.next, struct buf, link);
        list_del(&b->link);
        free(b);
    }
    free(dev);
    return 0;
}
