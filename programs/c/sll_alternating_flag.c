/* expected: memsafety=true, memcleanup=false, unreach-call=true — cells get h = 1, 2, 1, 2... from a flag variable, the last h = 3; the walk checks the alternation; the list is never freed (still reachable at exit) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }
typedef struct node { int h; struct node *n; } *List;
int main() {
  int flag = 1;
  List a = (List) malloc(sizeof(struct node));
  if (a == 0) abort();
  List t;
  List p = a;
  while (__VERIFIER_nondet_int()) {
    if (flag) { p->h = 1; flag = 0; } else { p->h = 2; flag = 1; }
    t = (List) malloc(sizeof(struct node));
    if (t == 0) abort();
    p->n = t;
    p = p->n;
  }
  p->h = 3;
  p = a;
  flag = 1;
  while (p->h != 3) {
    if (flag) { flag = 0; if (p->h != 1) reach_error(); }
    else { flag = 1; if (p->h != 2) reach_error(); }
    p = p->n;
  }
  return 0;
}
