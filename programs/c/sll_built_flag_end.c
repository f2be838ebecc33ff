/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list built with h = 1 in every cell and h = 2 in the last (SV-COMP list-properties style); the walk over the 1s must stop at the 2; then freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }
typedef struct node { int h; struct node *n; } *List;
int main() {
  List a = (List) malloc(sizeof(struct node));
  if (a == 0) abort();
  List t;
  List p = a;
  while (__VERIFIER_nondet_int()) {
    p->h = 1;
    t = (List) malloc(sizeof(struct node));
    if (t == 0) abort();
    p->n = t;
    p = p->n;
  }
  p->h = 2;
  p->n = 0;
  p = a;
  while (p->h == 1)
    p = p->n;
  if (p->h != 2) { ERROR: reach_error(); }
  p = a;
  while (p != 0) { t = p->n; free(p); p = t; }
  return 0;
}
