/* expected: memsafety=true, memcleanup=false, unreach-call=false — n chosen in 2..32, k = n counted down pushing a cell each round, but some rounds do not step k: the list may be longer than n */

#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "ghost.c", 3, "reach_error"); }

struct node { struct node *next; int data; };

int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 2 || n > 32) abort();
  struct node *s = NULL;
  int k = n;
  while (k > 0) {
    struct node *t = malloc(sizeof(struct node));
    t->next = s; t->data = 1; s = t;
    if (__VERIFIER_nondet_int()) k--;
  }
  int count = 0;
  struct node *p = s;
  while (p) { count++; p = p->next; }
  if (count != n) reach_error();
  while (s) { struct node *t = s->next; free(s); s = t; }
  return 0;
}
