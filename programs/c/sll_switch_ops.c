/* expected: memsafety=true, memcleanup=true, unreach-call=true — an operation loop (while ((op = nondet()) != 0) switch (op)): push front, push back, pop front; head and tail are NULL together; a ternary picks where freeing starts */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *next; int data; };

int main(void)
{
    struct node *head = NULL, *tail = NULL, *t;
    int op;
    while ((op = __VERIFIER_nondet_int()) != 0) {
        switch (op) {
        case 1:
            t = malloc(sizeof(struct node));
            t->data = 1;
            t->next = head;
            head = t;
            if (tail == NULL)
                tail = t;
            break;
        case 2:
            t = malloc(sizeof(struct node));
            t->data = 2;
            t->next = NULL;
            if (tail != NULL)
                tail->next = t;
            else
                head = t;
            tail = t;
            break;
        default:
            if (head != NULL) {
                t = head;
                head = head->next;
                if (head == NULL)
                    tail = NULL;
                free(t);
            }
            break;
        }
    }
    if ((head == NULL) != (tail == NULL))
        reach_error();
    struct node *p = head ? head : tail;
    tail = NULL;
    head = NULL;
    while (p != NULL) {
        t = p;
        p = p->next;
        free(t);
    }
    return 0;
}
