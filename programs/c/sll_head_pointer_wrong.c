/* expected: memsafety=true, memcleanup=false, unreach-call=false — as sll_head_pointer.c, but a nondeterministic choice sets a new cell's head field to the cell before it: the walk reaches reach_error (which ends the program with the list allocated) */
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
    x->next->head = __VERIFIER_nondet_int() ? head : x;
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
