/* expected: memsafety=true, memcleanup=false, unreach-call=false — the same, but the check expects at most two cells: a fourth cell gives length 3 and reach_error() is called with the list allocated */
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
    if (length > 2)
        reach_error();
    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
