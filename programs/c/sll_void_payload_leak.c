/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — as sll_void_payload.c, but the cells are freed without their payloads: the first free of a cell loses its payload */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

struct point {
    int x;
    int y;
};

struct node {
    struct node *next;
    void *data;
};

int main(void)
{
    struct node *head = NULL, *n;

    while (__VERIFIER_nondet_int()) {
        void *p = malloc(sizeof(struct point));
        if (p == NULL)
            abort();
        ((struct point *)p)->x = 1;
        n = malloc(sizeof(struct node));
        if (n == NULL)
            abort();
        n->data = p;
        n->next = head;
        head = n;
    }

    for (n = head; n != NULL; n = n->next) {
        struct point *p = n->data;
        if (p->x != 1)
            reach_error();
    }

    while (head != NULL) {
        n = head->next;
        free(head);
        head = n;
    }
    return 0;
}
