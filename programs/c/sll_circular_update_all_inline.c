/* expected: memsafety=true, memcleanup=true, unreach-call=true — a circular list of len = 2 cells (list-ext3's sll2c_update_all): a do-while around the ring writes p->data = i + len with a counter i, a second one checks p->data != i + len in place */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }
typedef struct node { struct node *next; int data; } *SLL;
SLL node_create(int data) { SLL t = malloc(sizeof(struct node)); t->next = NULL; t->data = data; return t; }
SLL sll_circular_create(int len, int data) {
  SLL head = node_create(data);
  SLL last = head;
  while (len > 1) { SLL n = node_create(data); n->next = head; head = n; len--; }
  last->next = head;
  return head;
}
void sll_circular_destroy(SLL head) {
  SLL p = head->next;
  while (p != head) { SLL t = p->next; free(p); p = t; }
  free(head);
}
int main(void) {
  const int len = 2;
  const int data = 1;
  SLL s = sll_circular_create(len, data);
  SLL p = s;
  int i = 0;
  do { p->data = i + len; p = p->next; i++; } while (p != s);
  p = s; i = 0;
  do { if (p->data != i + len) reach_error(); p = p->next; i++; } while (p != s);
  sll_circular_destroy(s);
  return 0;
}
