/* expected: memsafety=true, memcleanup=false, unreach-call=false — list-ext-properties list-ext style: a list of 1s then 2s (switch chosen once, nondet), ended by 3; the check walks 1* 2* 3; freed; but the phase may go back to 1 once 2 */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int();

typedef struct node {
  int h;
  struct node *n;
} *List;

int main() {
  int i = 0;
  int phase = 1;
  List a = (List) malloc(sizeof(struct node));
  if (a == 0) abort();
  List t;
  List p = a;
  while (i < 20 && __VERIFIER_nondet_int()) {
    if (__VERIFIER_nondet_int()) {
      phase = 3 - phase;
    }
    p->h = phase;
    t = (List) malloc(sizeof(struct node));
    if (t == 0) abort();
    p->n = t;
    p = p->n;
    i++;
  }
  p->h = 3;
  p->n = 0;

  p = a;
  while (p->h == 1) {
    p = p->n;
  }
  while (p->h == 2) {
    p = p->n;
  }
  if (p->h != 3) {
    goto ERROR;
  }
  if (p->n != 0) {
    goto ERROR;
  }

  p = a;
  while (p != 0) {
    t = p->n;
    free(p);
    p = t;
  }
  return 0;

  ERROR: reach_error();
  return 1;
}
