/* expected: memsafety=true, memcleanup=false, unreach-call=false — as count_up_assume_positive.c, but the length is checked against n - 1: reach_error is called with the list allocated */

#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "ghost.c", 3, "reach_error"); }

struct node { struct node *next; int data; };

int main() {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0);
  struct node *s = NULL;
  int i, j;
  for (i = 0; i < n; i++) {
    struct node *t = malloc(sizeof(struct node));
    t->next = s; t->data = 1; s = t;
  }
  int count = 0;
  struct node *p = s;
  while (p) { count++; p = p->next; }
  if (count != n - 1) reach_error();
  for (j = 0; j < n; j++) {
    struct node *t = s->next;
    free(s);
    s = t;
  }
  if (s != NULL) reach_error();
  return 0;
}
