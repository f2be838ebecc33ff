/* expected: memsafety=false(valid-deref), memcleanup=false, unreach-call=true — remove_zeros() frees a cell and then reads its next field to continue; the global list is also never freed, so a run without a 0 cell ends with cells allocated */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct dnode {
    struct dnode *next;
    struct dnode *prev;
    int data;
} DNode;

DNode *list = NULL;

void remove_zeros(void)
{
    DNode *p = list;

    while (p != NULL) {
        if (p->data == 0) {
            if (p->prev != NULL)
                p->prev->next = p->next;
            else
                list = p->next;
            if (p->next != NULL)
                p->next->prev = p->prev;
            free(p);
        }
        p = p->next;   /* BUG: p may have just been freed */
    }
}

int main(void)
{
    DNode *p;

    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(DNode));
        if (__VERIFIER_nondet_int())
            p->data = 0;
        else
            p->data = 1;
        p->prev = NULL;
        p->next = list;
        if (list != NULL)
            list->prev = p;
        list = p;
    }

    remove_zeros();
    return 0;
}
