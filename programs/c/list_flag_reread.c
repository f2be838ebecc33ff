/* expected: memsafety=true, memcleanup=false, unreach-call=false — list-properties list_flag style: a nondet flag decides the data of every cell; the check walks the run of that value to the end marker, but the flag is read again (a second nondet) for the check */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int();

typedef struct node {
  int h;
  struct node *n;
} *List;

int main() {
  int flag = __VERIFIER_nondet_int();
  List p, a, t;

  /* Build a list of the form x->x->x->...->3 with x in {1,2} */
  a = (List) malloc(sizeof(struct node));
  if (a == 0) abort();
  p = a;
  while (__VERIFIER_nondet_int()) {
    if (flag) {
      p->h = 1;
    } else {
      p->h = 2;
    }
    t = (List) malloc(sizeof(struct node));
    if (t == 0) abort();
    p->n = t;
    p = p->n;
  }
  p->h = 3;
  p->n = 0;

  /* Check it */
  p = a;
  flag = __VERIFIER_nondet_int();
  if (flag) {
    while (p->h == 1) {
      p = p->n;
    }
  } else {
    while (p->h == 2) {
      p = p->n;
    }
  }
  if (p->h != 3) {
    goto ERROR;
  }

  while (a != 0) {
    t = a->n;
    free(a);
    a = t;
  }
  return 0;

  ERROR: reach_error();
  return 1;
}
