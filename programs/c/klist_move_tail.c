/* expected: memsafety=true, memcleanup=true, unreach-call=true — Linux-style intrusive lists (struct list_head not the first member, container_of/list_entry): items are added to a todo list, moved one by one to a done list with the safe iterator and list_move_tail, then deleted from done with the safe iterator and freed */
#include <stdlib.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct list_head { struct list_head *next, *prev; };
#define LIST_HEAD_INIT(name) { &(name), &(name) }
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)
#define container_of(ptr, type, member) ({ const typeof( ((type *)0)->member ) *__mptr = (ptr); (type *)( (char *)__mptr - offsetof(type,member) );})
#define list_entry(ptr, type, member) container_of(ptr, type, member)
#define list_for_each_entry_safe(pos, n, head, member) \
    for (pos = list_entry((head)->next, typeof(*pos), member), \
         n = list_entry(pos->member.next, typeof(*pos), member); \
         &pos->member != (head); \
         pos = n, n = list_entry(n->member.next, typeof(*n), member))
#define list_for_each_entry(pos, head, member) \
    for (pos = list_entry((head)->next, typeof(*pos), member); \
         &pos->member != (head); \
         pos = list_entry(pos->member.next, typeof(*pos), member))

static inline void __list_add(struct list_head *new, struct list_head *prev, struct list_head *next)
{ next->prev = new; new->next = next; new->prev = prev; prev->next = new; }
static inline void list_add_tail(struct list_head *new, struct list_head *head) { __list_add(new, head->prev, head); }
static inline void __list_del(struct list_head *prev, struct list_head *next) { next->prev = prev; prev->next = next; }
static inline void list_del(struct list_head *entry) { __list_del(entry->prev, entry->next); }
static inline void list_move_tail(struct list_head *list, struct list_head *head)
{ __list_del(list->prev, list->next); list_add_tail(list, head); }

struct job {
    int id;
    int state;
    struct list_head link;
};

static LIST_HEAD(todo);
static LIST_HEAD(done);

int main(void)
{
    struct job *j, *tmp;
    while (__VERIFIER_nondet_int()) {
        j = malloc(sizeof *j);
        j->id = 1;
        j->state = 0;
        list_add_tail(&j->link, &todo);
    }
    list_for_each_entry_safe(j, tmp, &todo, link) {
        j->state = 1;
        list_move_tail(&j->link, &done);
    }
    list_for_each_entry(j, &done, link)
        if (j->state != 1) reach_error();
    list_for_each_entry_safe(j, tmp, &done, link) {
        list_del(&j->link);
        free(j);
    }
    return 0;
}
