/* expected: memsafety=true, memcleanup=false, unreach-call=false — as sll_alternating_xor_flag.c, but the walk starts from f = flag: the head, the last cell made, holds the other value */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }
struct node { int data; struct node *next; };
int main() {
  struct node *head = NULL;
  int flag = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof(struct node));
    n->data = flag;
    flag ^= 1;
    n->next = head;
    head = n;
  }
  struct node *p = head;
  int f = flag; /* the head is the last cell made */
  while (p) {
    if (p->data != f) reach_error();
    f = 1 - f;
    p = p->next;
  }
  while (head) { p = head->next; free(head); head = p; }
  return 0;
}
