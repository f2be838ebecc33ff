/* expected: memsafety=true, memcleanup=true, unreach-call=true — list-simple style: a length drawn by a helper that clamps values outside [from, until] to its parameter from; a list of that many cells is built, then freed while its cells are counted */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sll_clamp_to_parameter.c", 3, "reach_error"); }

struct node {
  struct node *next;
};

int get_nondet_int(int from, int until) {
  int val = __VERIFIER_nondet_int();
  if (val < from || val > until)
    val = from;
  return val;
}

int main() {
  int len = get_nondet_int(1, 4);
  struct node *h = NULL;
  int i;
  for (i = 0; i < len; i++) {
    struct node *n = malloc(sizeof *n);
    if (!n) abort();
    n->next = h;
    h = n;
  }
  int c = 0;
  while (h) {
    struct node *t = h->next;
    free(h);
    h = t;
    c++;
  }
  if (c != len)
    reach_error();
  return 0;
}
