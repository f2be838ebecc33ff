/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list whose cells each own a 32-byte void * payload block; both are freed */
extern void reach_error(void);
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct item { struct item *next; void *payload; };
int main() {
    struct item *list = NULL;
    while (__VERIFIER_nondet_int()) {
        struct item *it = malloc(sizeof *it);
        it->payload = malloc(32);
        it->next = list;
        list = it;
    }
    while (list) {
        struct item *next = list->next;
        free(list->payload);
        free(list);
        list = next;
    }
    return 0;
}
