/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list of nondet length is built by prepending, every cell is checked and freed by the destroy loop */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

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

    while (head != NULL) {
        p = head;
        head = head->next;
        if (p->data != 1)
            reach_error();
        free(p);
    }
    return 0;
}
