/* expected: memsafety false, memcleanup false, unreach-call true — ldv style: a helper keeps a list in a local struct list (designated initializer) and returns only its size; the list is lost when the helper returns */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node { struct node *next; int v; };
struct list { struct node *head; int size; };

static int count_events(void) {
  struct list L = { .head = NULL, .size = 0 };
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    n->v = L.size;
    n->next = L.head;
    L.head = n;
    L.size++;
  }
  return L.size;
}

int main(void) {
  int total = 0;
  total += count_events();
  total += count_events();
  return total > 1000;
}
