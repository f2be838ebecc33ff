/* expected: memsafety=true, memcleanup=false, unreach-call=true — a global 4-bucket table of lists indexed by one int variable that is both the loop counter and the nondet bucket (the bucket is clamped into 0..3 right after it is chosen, so the variable is a counter over 0..4 whose values are followed); the cleanup loop stops at bucket 2, so bucket 3 stays reachable from the global array but is never freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct node {
    struct node *next;
    int data;
} *List;

List table[4];

int main(void)
{
    List p;
    int i;

    for (i = 0; i < 4; i++)
        table[i] = NULL;

    while (__VERIFIER_nondet_int()) {
        i = __VERIFIER_nondet_int();
        if (i < 0 || i > 3)
            i = 3;
        p = malloc(sizeof(struct node));
        p->data = i;
        p->next = table[i];
        table[i] = p;
    }

    for (i = 0; i < 4; i++)
        for (p = table[i]; p != NULL; p = p->next)
            if (p->data != i)
                reach_error();

    for (i = 0; i < 3; i++) {   /* BUG: bucket 3 is never freed */
        while (table[i] != NULL) {
            p = table[i];
            table[i] = p->next;
            free(p);
        }
    }
    return 0;
}
