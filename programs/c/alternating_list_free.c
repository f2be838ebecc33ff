/* expected: memsafety=true, memcleanup=true, unreach-call=true — list-properties alternating_list-2 style: 1,2,1,2,...,3 built, checked, then freed */

extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "alternating_list-2.c", 3, "reach_error"); }

#include <stdlib.h>

extern int __VERIFIER_nondet_int();

typedef struct node {
  int h;
  struct node *n;
} *List;

int main() {
  int flag = 1;

  /* Build a list of the form 1->2->1->2->....->3 */
  List a = (List) malloc(sizeof(struct node));
  if (a == 0) abort();
  List t;
  List p = a;
  while (__VERIFIER_nondet_int()) {
    if (flag) {
      p->h = 1;
      flag = 0;
    } else {
      p->h = 2;
      flag = 1;
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
  flag = 1;
  while (p->h != 3) {
    if (flag) {
      flag = 0;
      if (p->h != 1) {
        goto ERROR;
      }
    } else {
      flag = 1;
      if (p->h != 2) {
        goto ERROR;
      }
    }
    p = p->n;
  }

  /* Destroy it */
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
