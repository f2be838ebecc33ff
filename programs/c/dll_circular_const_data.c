/* expected: memsafety=true, memcleanup=true, unreach-call=true — the doubly linked circular variant (dll2c style): next and prev closed into a ring, walked once, destroyed from head->next */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }
typedef struct node { struct node *next; struct node *prev; int data; } *DLL;
DLL node_create(int data) {
  DLL temp = (DLL) malloc(sizeof(struct node));
  if (temp == NULL) abort();
  temp->next = NULL; temp->prev = NULL; temp->data = data;
  return temp;
}
DLL dll_circular_create(int len, int data) {
  DLL last = node_create(data);
  DLL head = last;
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
void dll_circular_destroy(DLL head) {
  if (NULL != head) {
    DLL p = head->next;
    while (p != head) { DLL q = p->next; free(p); p = q; }
    free(head);
  }
}
int main() {
  const int len = 5;
  const int data = 1;
  DLL head = dll_circular_create(len, data);
  DLL ptr = head;
  do {
    if (data != ptr->data) reach_error();
    ptr = ptr->next;
  } while (ptr != head);
  dll_circular_destroy(head);
  return 0;
}
