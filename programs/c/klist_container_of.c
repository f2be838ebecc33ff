/* expected: memsafety=true, memcleanup=true, unreach-call=true — the list_head is not the first member: container_of subtracts offsetof(struct item, link); the static head is initialised to point to itself and unlinked from by hand */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "prog.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <stdlib.h>
#include <stddef.h>

struct list_head {
    struct list_head *next, *prev;
};

struct item {
    int data;
    struct list_head link;
};

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

static struct list_head head = { &head, &head };

static void list_add(struct list_head *new, struct list_head *h)
{
    new->next = h->next;
    new->prev = h;
    h->next->prev = new;
    h->next = new;
}

int main(void)
{
    struct item *it;
    struct list_head *p;
    while (__VERIFIER_nondet_int()) {
        it = malloc(sizeof *it);
        if (!it) abort();
        it->data = 1;
        list_add(&it->link, &head);
    }
    while (head.next != &head) {
        p = head.next;
        head.next = p->next;
        p->next->prev = &head;
        it = container_of(p, struct item, link);
        if (it->data != 1) reach_error();
        free(it);
    }
    return 0;
}
