/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — a doubly linked list whose cells each own a
   sub-list of one or two cells of the same struct type (forester's dll-01), checked by a walk, then freed
   from the tail, but of each sub-list only its first cell: a second cell is lost */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct TSLL {
    struct TSLL *next;
    struct TSLL *prev;
    struct TSLL *inner;
} SLL;

static SLL *cell(SLL *prev)
{
    SLL *c = malloc(sizeof(SLL));
    c->next = NULL;
    c->prev = prev;
    c->inner = NULL;
    return c;
}

int main(void)
{
    SLL *list = cell(NULL);
    list->inner = cell(NULL);
    SLL *end = list;

    while (__VERIFIER_nondet_int()) {
        end->next = cell(end);
        end = end->next;
        end->inner = cell(NULL);
        if (__VERIFIER_nondet_int())
            end->inner->next = cell(end->inner);
    }

    for (end = list; end != NULL; end = end->next) {
        SLL *inner = end->inner;
        if (inner == NULL || inner->prev != NULL)
            reach_error();
        while (inner != NULL)
            inner = inner->next;
    }

    end = list;
    while (end->next != NULL)
        end = end->next;
    while (end != NULL) {
        free(end->inner);
        SLL *p = end->prev;
        free(end);
        end = p;
    }
    return 0;
}
