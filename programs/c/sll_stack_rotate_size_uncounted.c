/* expected: memsafety=true, memcleanup=true, unreach-call=false — the same, but the rotation's pop forgets size--: after one rotation the drain leaves size at 1 */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct item {
    struct item *next;
    int data;
};

int main(void)
{
    struct item *first = NULL, *it;
    int size = 0;
    do {
        it = malloc(sizeof(struct item));
        it->next = first;
        it->data = __VERIFIER_nondet_int();
        first = it;
        size++;
    } while (__VERIFIER_nondet_int());
    while (__VERIFIER_nondet_int()) {
        it = first;
        first = it->next;
        free(it);
        it = malloc(sizeof(struct item));
        it->next = first;
        it->data = __VERIFIER_nondet_int();
        first = it;
        size++;
    }
    while (first != NULL) {
        it = first;
        first = it->next;
        free(it);
        size--;
    }
    if (size != 0)
        reach_error();
    return 0;
}
