/* expected: memsafety=true, memcleanup=true, unreach-call=true — an unsigned char counter starting at 254 is incremented twice while building two cells and wraps to 0; the cells get data 1 only if it wrapped */
#include <stdlib.h>
extern void reach_error(void);

struct node { struct node *next; int data; };

int main(void)
{
    unsigned char c = 254;
    struct node *head = NULL;
    struct node *n = malloc(sizeof(struct node));
    n->next = head; n->data = 0; head = n; c++;
    n = malloc(sizeof(struct node));
    n->next = head; n->data = 0; head = n; c++;
    if (c == 0) {
        head->data = 1;
        head->next->data = 1;
    }
    if (head->data != 1)
        reach_error();
    while (head) {
        n = head->next;
        free(head);
        head = n;
    }
    return 0;
}
