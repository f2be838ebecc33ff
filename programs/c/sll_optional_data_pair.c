/* expected: memsafety=true, memcleanup=true, unreach-call=true — memsafety-ext2 optional_data_creation_test style: a SLL whose cells optionally own a data struct holding two heap ints (lo <= hi); checked and freed with their data */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}

typedef struct TData { int *lo; int *hi; } Data;
typedef struct node { struct node *next; Data *data; } Node;

Node *create(void)
{
    Node *l = NULL, *n;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(Node));
        n->next = l;
        n->data = NULL;
        if (__VERIFIER_nondet_int()) {
            n->data = malloc(sizeof(Data));
            n->data->lo = malloc(sizeof(int));
            n->data->hi = malloc(sizeof(int));
            *n->data->lo = 4;
            *n->data->hi = 8;
        }
        l = n;
    }
    return l;
}

int main(void)
{
    Node *l = create(), *p;
    for (p = l; p; p = p->next)
        if (p->data && *p->data->lo > *p->data->hi)
            reach_error();
    while (l) {
        p = l->next;
        if (l->data) {
            free(l->data->lo);
            free(l->data->hi);
            free(l->data);
        }
        free(l);
        l = p;
    }
    return 0;
}
