/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — as void_block_payload.c, but the payload blocks are never freed: each is lost with its cell */
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

        free(list);
        list = next;
    }
    return 0;
}
