/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list whose cells each start a sub-list of the same struct type by a field named head (a forward field, not a pointer to the list's first cell); every sub-list and cell freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

typedef struct node { struct node *next; struct node *head; } node;

int main(void)
{
    node *list = NULL;
    while (__VERIFIER_nondet_int()) {
        node *o = malloc(sizeof(node));
        o->head = NULL;
        while (__VERIFIER_nondet_int()) {
            node *s = malloc(sizeof(node));
            s->head = NULL;
            s->next = o->head;
            o->head = s;
        }
        o->next = list;
        list = o;
    }
    while (list) {
        node *n = list->next;
        node *s = list->head;
        

        while (s) {
            node *t = s->next;
            free(s);
            s = t;
        }
        free(list);
        list = n;
    }
    return 0;
}
