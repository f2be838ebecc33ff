/* expected: memsafety=true, memcleanup=false, unreach-call=false — the twin of sll_release_callback_field.c whose cells of kind 1 get the checking release function: destroying such a cell calls reach_error() */
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
            n->release = release_checked;
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
