/* expected: memsafety=true, memcleanup=true, unreach-call=true — delete_at() unlinks a nondet-chosen cell with a trailing pointer and frees it; the rest is freed at the end */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

List delete_at(List head)
{
    List prev = NULL;
    List cur = head;

    if (head == NULL)
        return NULL;
    while (cur->next != NULL && __VERIFIER_nondet_int()) {
        prev = cur;
        cur = cur->next;
    }
    if (prev == NULL)
        head = cur->next;
    else
        prev->next = cur->next;
    free(cur);
    return head;
}

int main(void)
{
    List head = NULL;
    List p;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = 1;
        p->next = head;
        head = p;
    }

    head = delete_at(head);
    if (__VERIFIER_nondet_int())
        head = delete_at(head);

    for (p = head; p != NULL; p = p->next)
        if (p->data != 1)
            reach_error();

    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
