/* expected: memsafety=true, memcleanup=true, unreach-call=true — a length chosen once and guarded to 0..10 (eleven values, past a counter's first six): a counting loop pushes that many cells, a walk counts them and checks the count, then the list is freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct item {
  struct item *link;
  int mark;
};

int main(void) {
  int want = __VERIFIER_nondet_int();
  if (want < 0 || want > 10)
    return 0;
  struct item *top = NULL;
  for (int i = 0; i < want; i++) {
    struct item *it = malloc(sizeof *it);
    it->link = top;
    it->mark = 0;
    top = it;
  }
  int seen = 0;
  for (struct item *q = top; q != NULL; q = q->link)
    seen++;
  if (seen != want)
    reach_error();
  while (top != NULL) {
    struct item *rest = top->link;
    free(top);
    top = rest;
  }
  return 0;
}
