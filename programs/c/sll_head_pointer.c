/* expected: memsafety=true, memcleanup=true, unreach-call=true — sll-headptr style: every cell of a singly linked list points back to the first cell by a head field; checked along the list, then freed from the front */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);
typedef struct TSLL { struct TSLL *next; struct TSLL *head; int data; } SLL;
int main() {
  SLL *head = malloc(sizeof(SLL));
  if (head == NULL) abort();
  head->next = NULL; head->head = head; head->data = 0;
  SLL *x = head;
  while (__VERIFIER_nondet_int()) {
    x->next = malloc(sizeof(SLL));
    if (x->next == NULL) abort();
    x->next->head = head;
    x = x->next;
    x->next = NULL;
    x->data = 0;
  }
  x = head;
  while (x != NULL) {
    if (x->head != head) reach_error();
    x = x->next;
  }
  x = head;
  while (x != NULL) {
    head = x->next;
    free(x);
    x = head;
  }
  return 0;
}
