/* expected: memsafety=false(valid-deref), memcleanup=false, unreach-call=false — as dll_list_ops.c, but unlinking the last cell leaves the tail on it: the check finds a last cell that is not the tail, and a later push_back or pop_back goes through the freed cell */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next, *prev; int key; };
struct list { struct node *head, *tail; int size; };

static struct node *mk(int key) {
    struct node *n = malloc(sizeof *n);
    if (!n) abort();
    n->next = NULL; n->prev = NULL; n->key = key;
    return n;
}
static void push_front(struct list *l, int key) {
    struct node *n = mk(key);
    n->next = l->head;
    if (l->head) l->head->prev = n; else l->tail = n;
    l->head = n;
    l->size++;
}
static void push_back(struct list *l, int key) {
    struct node *n = mk(key);
    n->prev = l->tail;
    if (l->tail) l->tail->next = n; else l->head = n;
    l->tail = n;
    l->size++;
}
static void unlink_node(struct list *l, struct node *n) {
    if (n->prev) n->prev->next = n->next; else l->head = n->next;
    if (n->next) n->next->prev = n->prev;   /* the tail is not moved back */
    l->size--;
    free(n);
}
static struct node *find(struct list *l, int key) {
    struct node *p = l->head;
    while (p && p->key != key) p = p->next;
    return p;
}
static void pop_front(struct list *l) { if (l->head) unlink_node(l, l->head); }
static void pop_back(struct list *l) { if (l->tail) unlink_node(l, l->tail); }
static void reverse(struct list *l) {
    struct node *p = l->head, *t;
    l->tail = p;
    while (p) {
        t = p->next; p->next = p->prev; p->prev = t;
        if (!t) l->head = p;
        p = t;
    }
}
static void check(struct list *l) {
    struct node *p = l->head;
    if (p && p->prev) reach_error();
    while (p) {
        if (p->next && p->next->prev != p) reach_error();
        if (!p->next && l->tail != p) reach_error();
        p = p->next;
    }
}
static void clear(struct list *l) {
    while (l->head) pop_front(l);
}
int main(void) {
    struct list l = { NULL, NULL, 0 };
    struct node *n;
    while (__VERIFIER_nondet_int()) {
        switch (__VERIFIER_nondet_int()) {
        case 0: push_front(&l, __VERIFIER_nondet_int()); break;
        case 1: push_back(&l, __VERIFIER_nondet_int()); break;
        case 2: pop_front(&l); break;
        case 3: pop_back(&l); break;
        case 4: n = find(&l, __VERIFIER_nondet_int()); if (n) unlink_node(&l, n); break;
        case 5: reverse(&l); break;
        default: check(&l); break;
        }
    }
    check(&l);
    clear(&l);
    return 0;
}
