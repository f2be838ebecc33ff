/* expected: memsafety=true, memcleanup=true, unreach-call=true — each cell of a list carries its own release function in a field (a plain free, or one that first checks the cell's kind), chosen when the cell is made; the list is destroyed through the field */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
#include <assert.h>
void reach_error() { assert(0); }

struct item {
    struct item *next;
    int kind;
    void (*release)(struct item *);
};

static void release_plain(struct item *it)
{
    free(it);
}

static void release_checked(struct item *it)
{
    if (it->kind != 2)
        reach_error();
    free(it);
}

int main()
{
    struct item *head = NULL;
    while (__VERIFIER_nondet_int()) {
        struct item *n = malloc(sizeof *n);
        if (__VERIFIER_nondet_int()) {
            n->kind = 1;
            n->release = release_plain;
        } else {
            n->kind = 2;
            n->release = release_checked;
        }
        n->next = head;
        head = n;
    }
    while (head) {
        struct item *t = head->next;
        head->release(head);
        head = t;
    }
    return 0;
}
