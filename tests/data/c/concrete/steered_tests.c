/* reach_error() only for one list of data: the head holds 4, then 7, then a value in (1000, 1003),
   and a switch picks case 9.  Random values almost never give it; runs steered by what the tests
   compared do (each test turned the other way in turn). */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int data; struct node *next; };

int main(void) {
  struct node *head = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *c = malloc(sizeof *c);
    c->data = __VERIFIER_nondet_int();
    c->next = head;
    head = c;
  }
  if (head && head->data == 4 && head->next && head->next->data == 7 && head->next->next
      && head->next->next->data > 1000 && head->next->next->data < 1003) {
    switch (__VERIFIER_nondet_int()) {
    case 3: break;
    case 9: reach_error(); break;
    case 12: break;
    default: break;
    }
  }
  while (head) {
    struct node *t = head->next;
    free(head);
    head = t;
  }
  return 0;
}
