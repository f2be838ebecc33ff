/* expected: memsafety=true, memcleanup=true, unreach-call=true — circular doubly linked list with a heap sentinel, created through an out-parameter; nondet values are inserted in sorted position; forward walk checks sortedness and prev links, a backward walk counts the cells; destroy(&list) frees everything and clears the pointer */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct cnode {
    int data;
    struct cnode *next;
    struct cnode *prev;
} CNode;

static void create(CNode **list)
{
    CNode *s = malloc(sizeof(CNode));
    s->data = 0;
    s->next = s;
    s->prev = s;
    *list = s;
}

static void insert_sorted(CNode *sentinel, int x)
{
    CNode *cur = sentinel->next;
    while (cur != sentinel && cur->data < x)
        cur = cur->next;
    CNode *n = malloc(sizeof(CNode));
    n->data = x;
    n->next = cur;
    n->prev = cur->prev;
    cur->prev->next = n;
    cur->prev = n;
}

static void destroy(CNode **list)
{
    CNode *s = *list;
    CNode *p = s->next;
    while (p != s) {
        CNode *n = p->next;
        free(p);
        p = n;
    }
    free(s);
    *list = NULL;
}

int main(void)
{
    CNode *list;
    create(&list);
    int len = 0;
    while (__VERIFIER_nondet_int()) {
        insert_sorted(list, __VERIFIER_nondet_int());
        len++;
    }
    for (CNode *p = list->next; p != list; p = p->next) {
        if (p->next->prev != p)
            reach_error();
        if (p->next != list && p->data > p->next->data)
            reach_error();
    }
    int back = 0;
    for (CNode *p = list->prev; p != list; p = p->prev)
        back++;
    if (back != len)
        reach_error();
    destroy(&list);
    return 0;
}
