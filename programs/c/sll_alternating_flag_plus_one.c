/* expected: memsafety=true, memcleanup=true, unreach-call=true — cells appended through a tail cursor get d = flag + 1 (1, 2, 1, 2...) with flag = !flag; the walk checks them with want = 3 - want */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }
struct node { int d; struct node *next; };
int main() {
  struct node *head = NULL;
  struct node **tail = &head;
  int flag = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *n = calloc(1, sizeof(struct node));
    n->d = flag + 1;
    flag = !flag;
    *tail = n;
    tail = &n->next;
  }
  struct node *p = head;
  int want = 1;
  while (p) {
    if (p->d != want) reach_error();
    want = 3 - want;
    p = p->next;
  }
  while (head) { p = head->next; free(head); head = p; }
  return 0;
}
