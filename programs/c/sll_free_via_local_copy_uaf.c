/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — as sll_free_via_local_copy.c, but the walk continues from the freed cell (head = head->next) instead of the copy */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }
struct node { int d; struct node *next; };
int main() {
  struct node *head = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof(struct node));
    n->d = 4; n->next = head; head = n;
  }
  while (head) {
    struct node tmp = *head;
    free(head);
    if (tmp.d != 4) reach_error();
    head = head->next;
  }
  return 0;
}
