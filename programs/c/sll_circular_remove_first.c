/* expected: memsafety=true, memcleanup=true, unreach-call=true — a circular list of nondet length is prepended a cell, then its first cell is removed (the last cell relinked to the new first) until the list is empty, each head's data checked */
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
void sll_circular_remove_first(SLL* head) {
  SLL temp = (*head)->next;
  if (temp == *head) { free(*head); *head = NULL; }
  else {
    SLL last = *head;
    while (last->next != *head) last = last->next;
    free(*head);
    *head = temp;
    last->next = *head;
  }
}
void sll_circular_prepend(SLL* head, int data) {
  SLL new_head = node_create(data);
  if (NULL == *head) { new_head->next = new_head; *head = new_head; }
  else {
    SLL last = *head;
    while (last->next != *head) last = last->next;
    new_head->next = *head;
    *head = new_head;
    last->next = *head;
  }
}
int main() {
  const int len = __VERIFIER_nondet_int();
  const int data = 5;
  if (len < 2) return 0;
  SLL s = sll_circular_create(len, data);
  sll_circular_prepend(&s, data);
  int count = 0;
  while (s != NULL) { if (s->data != data) reach_error(); sll_circular_remove_first(&s); }
  return 0;
}
