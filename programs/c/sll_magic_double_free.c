/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=true — a list of keyed cells; removing the cells with key 13 frees the first of them twice when the cell after it has key -7 (the removal forgets to advance): a bug that only those two values show */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct item {
    struct item *next;
    int key;
};

int main(void)
{
    struct item *list = NULL;
    while (__VERIFIER_nondet_int()) {
        struct item *it = malloc(sizeof(struct item));
        it->key = __VERIFIER_nondet_int();
        it->next = list;
        list = it;
    }
    struct item **pp = &list;
    while (*pp != NULL) {
        struct item *it = *pp;
        if (it->key == 13) {
            *pp = it->next;
            free(it);
            if (*pp != NULL && (*pp)->key == -7)
                free(it);               /* BUG: the removed cell again */
        } else {
            pp = &it->next;
        }
    }
    while (list != NULL) {
        struct item *t = list->next;
        free(list);
        list = t;
    }
    return 0;
}
