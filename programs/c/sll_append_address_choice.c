/* expected: memsafety=true, memcleanup=true, unreach-call=true — cells appended through a choice of addresses, `*(last ? &last->next : &first) = t;`; every cell holds 1, and a list with a first cell has a last one */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }

struct node {
  struct node *next;
  int d;
};

int main(void)
{
  struct node *first = NULL, *last = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *t = malloc(sizeof *t);
    t->next = NULL;
    t->d = 1;
    *(last ? &last->next : &first) = t;
    last = t;
  }
  for (struct node *p = first; p; p = p->next)
    if (p->d != 1)
      reach_error();
  if (first && !last)
    reach_error();
  while (first) {
    struct node *t = first->next;
    free(first);
    first = t;
  }
  return 0;
}
