/* expected: memsafety=true, memcleanup=true, unreach-call=true — a circular list of nondet length len >= 2 with constant data; a cell with another constant is inserted at index len / 2 (walking with a counter), the cycle is walked once checking both constants, then destroyed from head->next back to head */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }
typedef struct node { struct node *next; int data; } *SLL;
SLL node_create(int data) {
  SLL temp = (SLL) malloc(sizeof(struct node));
  if (NULL == temp) abort();
  temp->next = NULL; temp->data = data;
  return temp;
}
SLL sll_circular_create(int len, int data) {
  SLL head = node_create(data);
  SLL last = head;
  while (len > 1) { SLL new_head = node_create(data); new_head->next = head; head = new_head; len--; }
  last->next = head;
  return head;
}
void sll_circular_destroy(SLL head) {
  if (NULL != head) {
    SLL p = head->next;
    while (p != head) { SLL q = p->next; free(p); p = q; }
    free(head);
  }
}
void sll_circular_insert(SLL* head, int data, int index) {
  SLL new_node = node_create(data);
  SLL snd_to_last = NULL;
  SLL last = *head;
  while (index > 0) { snd_to_last = last; last = last->next; index--; }
  if (NULL != snd_to_last) { snd_to_last->next = new_node; new_node->next = last; }
  else {
    SLL l = *head;
    while (l->next != *head) l = l->next;
    new_node->next = *head; *head = new_node; l->next = new_node;
  }
}
int main() {
  const int len = __VERIFIER_nondet_int();
  const int data = 1;
  if (len < 2) return 0;
  SLL s = sll_circular_create(len, data);
  const int uneq = 5;
  int mid_index = len / 2;
  sll_circular_insert(&s, uneq, mid_index);
  SLL ptr = s;
  int count = 0;
  do {
    if (data != ptr->data && uneq != ptr->data) reach_error();
    ptr = ptr->next;
    count++;
  } while (ptr != s);
  sll_circular_destroy(s);
  return 0;
}
