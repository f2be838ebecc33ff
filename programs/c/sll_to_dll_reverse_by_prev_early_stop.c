/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — a singly linked list gets its prev
   links, then is reversed by x->next = x->prev while its old head is no longer used: the reversed
   part is reached only through the prev link of the cell the walk stands on; but the walk
   stops one cell early (x->next != NULL): the last cell is never reversed, and the new head's list
   loses every cell behind it */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct TSLL {
    struct TSLL *next;
    struct TSLL *prev;
} SLL;

int main(void)
{
    SLL *head = malloc(sizeof(SLL));
    head->next = NULL;
    head->prev = NULL;
    SLL *x = head;
    while (__VERIFIER_nondet_int()) {
        x->next = malloc(sizeof(SLL));
        x->next->next = NULL;
        x->next->prev = NULL;
        x = x->next;
    }
    for (x = head; x->next != NULL; x = x->next)
        x->next->prev = x;
    SLL *tail = x;

    SLL *tmp;
    x = head;
    while (x->next != NULL) {
        tmp = x->next;
        x->next = x->prev;
        x = tmp;
    }
    head = tail;

    for (x = head; x->next != NULL; x = x->next)
        if (x->next->next == x)
            reach_error();

    while (head != NULL) {
        x = head->next;
        free(head);
        head = x;
    }
    return 0;
}
