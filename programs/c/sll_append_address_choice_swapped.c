/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — as sll_append_address_choice.c, but the arms of the choice are swapped: the first append writes last->next of NULL */
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
    *(last ? &first : &last->next) = t;
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
