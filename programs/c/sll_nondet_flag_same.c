/* expected: memsafety=true, memcleanup=false, unreach-call=false — as sll_nondet_flag.c, but both branches write h = 1: with the flag 0 the walk over the 2s stops at a 1 */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void exit(int);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sll_nondet_flag_same.c", 4, "reach_error"); }

typedef struct node {
  int h;
  struct node *n;
} *List;

int main() {
  int flag = __VERIFIER_nondet_int();
  List p, a, t;

  a = (List) malloc(sizeof(struct node));
  if (a == 0) exit(1);
  p = a;
  while (__VERIFIER_nondet_int()) {
    if (flag) {
      p->h = 1;
    } else {
      p->h = 1;
    }
    t = (List) malloc(sizeof(struct node));
    if (t == 0) exit(1);
    p->n = t;
    p = p->n;
  }
  p->h = 3;
  p = a;
  if (flag)
    while (p->h == 1)
      p = p->n;
  else
    while (p->h == 2)
      p = p->n;
  if (p->h != 3)
    goto ERROR;
  return 0;
  ERROR: reach_error();
  return 1;
}
