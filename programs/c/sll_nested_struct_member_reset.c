/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — as sll_nested_struct_member (list in a nested struct member of a bucket), but one branch resets the nested head/tail to NULL instead of clearing, losing the cells */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int v; };
struct bucket {
    int id;
    struct inner {
        struct node *head;
        struct node *tail;
    } l;
};

static void append(struct bucket *b, int v)
{
    struct node *n = malloc(sizeof(struct node));
    n->v = v;
    n->next = NULL;
    if (b->l.tail == NULL)
        b->l.head = n;
    else
        b->l.tail->next = n;
    b->l.tail = n;
}

static void clear(struct bucket *b)
{
    struct node *p = b->l.head;
    while (p != NULL) {
        struct node *t = p->next;
        free(p);
        p = t;
    }
    b->l.head = NULL;
    b->l.tail = NULL;
}

int main(void)
{
    struct bucket *b = malloc(sizeof(struct bucket));
    b->id = 1;
    b->l.head = NULL;
    b->l.tail = NULL;
    while (__VERIFIER_nondet_int())
        append(b, 4);
    for (struct node *p = b->l.head; p != NULL; p = p->next)
        if (p->v != 4) reach_error();
    if (__VERIFIER_nondet_int()) {
        b->l.head = NULL;   /* "reset" without freeing the cells */
        b->l.tail = NULL;
        append(b, 4);
    }
    clear(b);
    free(b);
    return 0;
}
