/* expected: memsafety=false(valid-memtrack), memcleanup=true, unreach-call=true — as dll_circular_remove_chosen (circular dll, chosen cells removed), but removing the head cell of a ring of two or more does not move the head on, so the head pointer dangles and the rest of the ring is reachable only from the freed cell */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct cd { struct cd *next; struct cd *prev; int key; };

static struct cd *insert(struct cd *head, int key)
{
    struct cd *n = malloc(sizeof(struct cd));
    n->key = key;
    if (head == NULL) {
        n->next = n;
        n->prev = n;
        return n;
    }
    n->next = head;
    n->prev = head->prev;
    head->prev->next = n;
    head->prev = n;
    return head;
}

static struct cd *remove_cell(struct cd *head, struct cd *p)
{
    if (p->next == p) {
        free(p);
        return NULL;
    }
    p->prev->next = p->next;
    p->next->prev = p->prev;
    free(p);
    return head;
}

int main(void)
{
    struct cd *head = NULL;
    while (__VERIFIER_nondet_int())
        head = insert(head, 1);

    while (head != NULL && __VERIFIER_nondet_int()) {
        struct cd *p = head;
        while (__VERIFIER_nondet_int())
            p = p->next;
        head = remove_cell(head, p);
    }

    if (head != NULL) {
        struct cd *p = head->next;
        while (p != head) {
            struct cd *t = p->next;
            if (p->key != 1) reach_error();
            free(p);
            p = t;
        }
        free(head);
    }
    return 0;
}
