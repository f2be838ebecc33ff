/* expected: memsafety=true, memcleanup=true, unreach-call=true — a circular list of len cells (SV-COMP list-simple sll2c style), data passed down from main's const int data = 1 through two calls; walked around once and destroyed from head->next back to head */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }
typedef struct node { struct node *next; int data; } *SLL;
SLL node_create(int data) {
  SLL temp = (SLL) malloc(sizeof(struct node));
  if (temp == NULL) abort();
  temp->next = NULL; temp->data = data;
  return temp;
}
SLL sll_circular_create(int len, int data) {
  SLL head = node_create(data);
  SLL last = head;
  while (len > 1) {
    SLL new_head = node_create(data);
    new_head->next = head;
    head = new_head;
    len--;
  }
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
int main() {
  const int len = 5;
  const int data = 1;
  SLL head = sll_circular_create(len, data);
  SLL ptr = head;
  do {
    if (data != ptr->data) reach_error();
    ptr = ptr->next;
  } while (ptr != head);
  sll_circular_destroy(head);
  return 0;
}
