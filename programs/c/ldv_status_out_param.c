/* ldv style: init() reports its status through an int * out-parameter after a NULL check of it;
   the caller frees what init() built only when the status says it succeeded, which it always does
   when it returns a list. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct item { struct item *next; int state; };

static struct item *init(int *status)
{
    struct item *head = NULL;
    if (status == NULL)
        return NULL;
    *status = -1;
    while (__VERIFIER_nondet_int()) {
        struct item *it = malloc(sizeof(struct item));
        it->state = 0;
        it->next = head;
        head = it;
    }
    if (head != NULL)
        *status = 0;
    return head;
}

int main(void)
{
    int status = 1;
    struct item *list = init(&status);
    if (status == 1)
        reach_error();
    if (status == 0) {
        while (list != NULL) {
            struct item *next = list->next;
            free(list);
            list = next;
        }
    } else if (list != NULL) {
        reach_error();
    }
    return 0;
}
