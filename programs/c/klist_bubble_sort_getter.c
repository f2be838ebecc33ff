/* expected: memsafety=true, memcleanup=true, unreach-call=true — bubble sort of a Linux-style list whose values are read through a getter function (val_of(p) > val_of(q): two int results compared), then a check through the getter that the values are in order along the list */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "klist_bubble_sort_getter.c", 5, "reach_error"); }

struct list_head {
    struct list_head *next, *prev;
};

struct node {
    int value;
    struct list_head linkage;
};

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - __builtin_offsetof(type, member)))

static struct list_head gl_list = { &gl_list, &gl_list };

static void list_add(struct list_head *new, struct list_head *head) {
    struct list_head *next = head->next;
    next->prev = new;
    new->next = next;
    new->prev = head;
    head->next = new;
}

static void list_move(struct list_head *list, struct list_head *head) {
    list->prev->next = list->next;
    list->next->prev = list->prev;
    list_add(list, head);
}

static void gl_insert(int value) {
    struct node *n = malloc(sizeof(*n));
    n->value = value;
    list_add(&n->linkage, &gl_list);
}

static int val_of(struct list_head *h) {
    return container_of(h, struct node, linkage)->value;
}

static void gl_sort(void) {
    int changed = 1;
    while (changed) {
        changed = 0;
        struct list_head *p = gl_list.next;
        while (p->next != &gl_list) {
            struct list_head *q = p->next;
            if (val_of(p) > val_of(q)) {
                list_move(p, q);
                changed = 1;
            } else {
                p = q;
            }
        }
    }
}

int main(void) {
    while (__VERIFIER_nondet_int()) {
        int v = __VERIFIER_nondet_int();
        gl_insert(v);
    }
    gl_sort();
    struct list_head *p = gl_list.next;
    while (p != &gl_list && p->next != &gl_list) {
        if (val_of(p) > val_of(p->next)) reach_error();
        p = p->next;
    }
    p = gl_list.next;
    while (p != &gl_list) {
        struct list_head *nx = p->next;
        free(container_of(p, struct node, linkage));
        p = nx;
    }
    return 0;
}
