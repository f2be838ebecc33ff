/* expected: memsafety=true, memcleanup=true, unreach-call=true — a length drawn nondet and clamped into 2..5 by two ifs (to a const min) is counted down by create(); length() of the list equals it */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }

typedef struct node {
    struct node *next;
    int data;
} *SLL;

SLL node_create(int data)
{
    SLL temp = (SLL) malloc(sizeof(struct node));
    if (NULL == temp)
        abort();
    temp->next = NULL;
    temp->data = data;
    return temp;
}

SLL sll_create(int len, int data)
{
    SLL head = NULL;
    for (; len > 0; len--) {
        SLL new_head = node_create(data);
        new_head->next = head;
        head = new_head;
    }
    return head;
}

int sll_length(SLL head)
{
    int len = 0;
    while (head) {
        len++;
        head = head->next;
    }
    return len;
}

void sll_destroy(SLL head)
{
    while (head) {
        SLL temp = head->next;
        free(head);
        head = temp;
    }
}

int main(void)
{
    const int min = 2;
    const int max = 5;
    int len = __VERIFIER_nondet_int();
    if (len < min)
        len = min;
    if (len > max)
        len = min;
    const int data = 1;
    SLL s = sll_create(len, data);
    if (len != sll_length(s))
        goto ERROR;
    sll_destroy(s);
    return 0;
ERROR:
    reach_error();
    return 1;
}
