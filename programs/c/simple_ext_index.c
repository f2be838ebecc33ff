/* expected: memsafety=true, memcleanup=true, unreach-call=true — list-ext-properties simple-ext style: at most 20 cells get their index as data; the walk checks data == index; freed */

#include <stdlib.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "simple-ext.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int();

void myexit(int s) {
 _EXIT: goto _EXIT;
}

typedef struct node {
  int h;
  struct node *n;
} *List;

int main() {
  /* Build a list of the form 0->1->2->...->i */
  List a = (List) malloc(sizeof(struct node));
  if (a == 0) myexit(1);
  List t;
  List p = a;
  int i = 0;
  while (i < 20 && __VERIFIER_nondet_int()) {
    p->h = i;
    t = (List) malloc(sizeof(struct node));
    if (t == 0) myexit(1);
    p->n = t;
    p = p->n;
    i++;
  }
  p->h = i;
  p->n = 0;
  p = a;
  i = 0;
  while (p != 0) {
    if (p->h != i) {
      goto ERROR;
    }
    p = p->n;
    i++;
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
