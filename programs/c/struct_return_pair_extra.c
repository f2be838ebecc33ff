/* expected: memsafety true, memcleanup false, unreach-call true — a struct pair {first,last} returned by value; the extra node is linked after last only on a nondet branch, otherwise it is lost (memsafety true: memory held by main's locals at return counts for memcleanup only) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node { struct node *next; };
struct pair { struct node *first, *last; };

static struct pair build(void) {
  struct pair p;
  p.first = p.last = malloc(sizeof(struct node));
  p.first->next = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    n->next = NULL;
    p.last->next = n;
    p.last = n;
  }
  return p;
}

int main(void) {
  struct pair p = build();
  struct node *extra = malloc(sizeof *extra);
  extra->next = NULL;
  if (__VERIFIER_nondet_int())
    p.last->next = extra;
  struct node *l = p.first;
  while (l) { struct node *t = l->next; free(l); l = t; }
  return 0;
}
