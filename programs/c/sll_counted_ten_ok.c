/* A list of exactly 10 cells built by a counted loop; a cell would get datum 2 when the counter is
   10, which the loop never reaches, so the walk finds 1 everywhere. */
#include <stdlib.h>
extern void reach_error(void);

typedef struct node { struct node *next; int data; } node_t;

int main(void)
{
    node_t *head = NULL, *p;
    int i;
    for (i = 0; i < 10; i++) {
        node_t *n = malloc(sizeof(node_t));
        n->next = head;
        n->data = (i == 10) ? 2 : 1;
        head = n;
    }
    for (p = head; p != NULL; p = p->next)
        if (p->data != 1)
            reach_error();
    while (head) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
