/* A list of exactly 10 cells built by a counted loop; the cell built when the counter is 8 gets
   datum 2 where every other gets 1, and the walk expects 1 everywhere. */
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
        n->data = (i == 8) ? 2 : 1;
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
