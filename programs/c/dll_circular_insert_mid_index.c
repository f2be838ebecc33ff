/* expected: memsafety=true, memcleanup=true, unreach-call=true — list-simple dll2c_insert_unequal style: a circular DLL of len in 2..5 cells (data 1), a cell with data 5 inserted at index len/2; the walk checks the data by index and the length; freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}

typedef struct node { struct node *next; struct node *prev; int data; } *DLL;

int _get_nondet_int(int from, int until)
{
    int r = __VERIFIER_nondet_int();
    if (r < from || r > until)
        return from;
    return r;
}

DLL node_create(int data)
{
    DLL temp = (DLL) malloc(sizeof(struct node));
    if (NULL == temp)
        abort();
    temp->next = NULL;
    temp->prev = NULL;
    temp->data = data;
    return temp;
}

DLL dll_circular_create(int len, int data)
{
    DLL head = node_create(data);
    DLL last = head;
    while (len > 1) {
        DLL new_head = node_create(data);
        new_head->next = head;
        head->prev = new_head;
        head = new_head;
        len--;
    }
    last->next = head;
    head->prev = last;
    return head;
}

void dll_circular_destroy(DLL head)
{
    if (NULL != head) {
        DLL p = head->next;
        while (p != head) {
            DLL q = p->next;
            free(p);
            p = q;
        }
        free(head);
    }
}

void dll_circular_insert(DLL *head, int data, int index)
{
    DLL new_node = node_create(data);
    DLL snd_to_last = NULL;
    DLL last = *head;
    while (index > 0) {
        snd_to_last = last;
        last = last->next;
        index--;
    }
    if (snd_to_last) {
        snd_to_last->next = new_node;
        new_node->prev = snd_to_last;
        new_node->next = last;
        last->prev = new_node;
    } else {
        DLL tail = (*head)->prev;
        new_node->next = *head;
        new_node->prev = tail;
        tail->next = new_node;
        (*head)->prev = new_node;
        *head = new_node;
    }
}

int main(void)
{
    const int len = _get_nondet_int(2, 5);
    const int data = 1;
    const int uneq = 5;
    DLL s = dll_circular_create(len, data);
    int mid_index = len / 2;
    dll_circular_insert(&s, uneq, mid_index);
    DLL ptr = s;
    int count = 0;
    do {
        if (count == mid_index) {
            if (uneq != ptr->data)
                reach_error();
        } else {
            if (data != ptr->data)
                reach_error();
        }
        ptr = ptr->next;
        count++;
    } while (ptr != s);
    if (count != len + 1)
        reach_error();
    dll_circular_destroy(s);
    return 0;
}
