/* expected: memsafety=true, memcleanup=true, unreach-call=true — a circular doubly linked list of five cells with constant data; its last cell (head->prev) is removed and the ring closed again until the list is empty */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }
typedef struct node { struct node *next; struct node *prev; int data; } *DLL;
DLL node_create(int data) {
  DLL temp = (DLL) malloc(sizeof(struct node));
  if (NULL == temp) abort();
  temp->next = NULL; temp->prev = NULL; temp->data = data;
  return temp;
}
DLL dll_circular_create(int len, int data) {
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
void dll_circular_remove_last(DLL* head) {
  DLL last = (*head)->prev;
  if (last == *head) { free(*head); *head = NULL; }
  else {
    DLL second_to_last = last->prev;
    free(last);
    second_to_last->next = *head;
    (*head)->prev = second_to_last;
  }
}
int main() {
  const int len = 5;
  const int data = 1;
  DLL s = dll_circular_create(len, data);
  while (s != NULL) {
    if (s->data != data) reach_error();
    dll_circular_remove_last(&s);
  }
  return 0;
}
