/* expected: memsafety=true, memcleanup=true, unreach-call=true — a generic list whose cells hold their payload behind a void * field; every payload is a struct point, read back through a cast; payloads and cells are all freed */
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
        struct point *p = malloc(sizeof(struct point));
        if (p == NULL)
            abort();
        p->x = 1;
        p->y = __VERIFIER_nondet_int();
        n = malloc(sizeof(struct node));
        if (n == NULL)
            abort();
        n->data = p;
        n->next = head;
        head = n;
    }

    for (n = head; n != NULL; n = n->next) {
        struct point *p = (struct point *)n->data;
        if (p->x != 1)
            reach_error();
    }

    while (head != NULL) {
        n = head->next;
        free(head->data);
        free(head);
        head = n;
    }
    return 0;
}
