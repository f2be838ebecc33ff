/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list of nondeterministic length is built while an unsigned len counts its cells (at most 100); then exactly len cells are freed by a for loop over an index, the walk saving the next cell before each free (memsafety-ext length_test style) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node {
    struct node *next;
    int data;
};

static struct node *push(struct node *head, int data)
{
    struct node *x = malloc(sizeof(struct node));
    x->next = head;
    x->data = data;
    return x;
}

int main(void)
{
    struct node *head = NULL;
    unsigned len = 0;
    while (__VERIFIER_nondet_int() && len < 100u) {
        head = push(head, __VERIFIER_nondet_int());
        len++;
    }
    unsigned i;
    for (i = 0; i < len; i++) {
        struct node *t = head->next;
        free(head);
        head = t;
    }
    if (head != NULL)
        reach_error();
    return 0;
}
