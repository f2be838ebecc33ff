/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=true — two list cells may share one heap int counter; the destroy loop frees each cell's counter, so a shared one is freed twice */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

struct node {
    struct node *next;
    int *count;
};

int main(void)
{
    struct node *head = NULL, *n;
    int *shared = malloc(sizeof *shared);
    if (!shared) abort();
    *shared = 0;
    int used = 0;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof *n);
        if (!n) abort();
        if (__VERIFIER_nondet_int()) {
            n->count = shared;
            used = 1;
        } else {
            n->count = malloc(sizeof(int));
            if (!n->count) abort();
            *n->count = 0;
        }
        n->next = head;
        head = n;
    }
    if (!used)
        free(shared);
    while (head != NULL) {
        n = head->next;
        free(head->count);
        free(head);
        head = n;
    }
    return 0;
}
