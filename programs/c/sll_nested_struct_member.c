/* expected: memsafety=true, memcleanup=true, unreach-call=true — a malloc'd bucket whose nested struct member holds a list's head, tail and count (b->l.head); cells appended through the nested member, the count checked by a walk, the list cleared (cells freed) and the bucket freed */
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
        clear(b);
        append(b, 4);
    }
    clear(b);
    free(b);
    return 0;
}
