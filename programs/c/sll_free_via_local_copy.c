/* expected: memsafety=true, memcleanup=true, unreach-call=true — each cell is copied into a local struct of the loop's block (struct node tmp = *head) before it is freed; the copy's data is checked and its next field continues the walk */
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
    head = tmp.next;
  }
  return 0;
}
