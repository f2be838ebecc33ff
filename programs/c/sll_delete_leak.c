/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — unlink() removes a nondet-chosen cell from the list but does not free it: when the function returns, the unlinked cell is unreachable */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

List unlink_one(List head)
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
    /* BUG: free(cur) is missing */
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
    p = NULL;

    head = unlink_one(head);

    while (head != NULL) {
        p = head;
        head = head->next;
        free(p);
    }
    return 0;
}
