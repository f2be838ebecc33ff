/* A DLL of cells holding 1 or 2; the walk that removes the cells holding 2 frees the cell before
   it advances through the freed cell's next (use after free). */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct dnode { struct dnode *next; struct dnode *prev; int data; };

int main(void)
{
    struct dnode *head = NULL, *p;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct dnode));
        p->data = __VERIFIER_nondet_int() ? 1 : 2;
        p->prev = NULL;
        p->next = head;
        if (head)
            head->prev = p;
        head = p;
    }
    p = head;
    while (p) {
        if (p->data == 2) {
            if (p->prev)
                p->prev->next = p->next;
            else
                head = p->next;
            if (p->next)
                p->next->prev = p->prev;
            free(p);
        }
        p = p->next;
    }
    while (head) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
