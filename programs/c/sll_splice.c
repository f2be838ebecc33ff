/* expected: memsafety=true, memcleanup=true, unreach-call=true — splice() inserts the whole list b (data 2) after the first cell of a (data 1); the head keeps data 1; everything is freed through the spliced list */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

List build(int d)
{
    List l = NULL, n;

    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(struct node));
        n->data = d;
        n->next = l;
        l = n;
    }
    return l;
}

/* a != NULL */
void splice(List a, List b)
{
    List rest = a->next;
    List last;

    if (b == NULL)
        return;
    a->next = b;
    last = b;
    while (last->next != NULL)
        last = last->next;
    last->next = rest;
}

int main(void)
{
    List a, b, p;

    a = malloc(sizeof(struct node));
    a->data = 1;
    a->next = build(1);
    b = build(2);

    splice(a, b);

    if (a->data != 1)
        reach_error();
    if (b != NULL && a->next != b)
        reach_error();

    while (a != NULL) {
        p = a->next;
        free(a);
        a = p;
    }
    return 0;
}
