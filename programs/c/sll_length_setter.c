/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list is built while a loop counter i counts its cells; set_length(i) stores each count before the step in a global through a parameter; the global is never negative, and the list is freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

static int length;

static void set_length(int n)
{
    length = n;
}

int main(void)
{
    List head = NULL, p;
    int i;
    for (i = 0; __VERIFIER_nondet_int(); i++) {
        p = malloc(sizeof(struct node));
        if (p == NULL)
            abort();
        p->data = __VERIFIER_nondet_int();
        p->next = head;
        head = p;
        set_length(i);
    }
    if (length < 0)
        reach_error();
    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
