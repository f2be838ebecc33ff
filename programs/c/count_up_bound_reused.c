/* expected: memsafety=true, memcleanup=true, unreach-call=true — n chosen in 2..32, two lists of n cells each built by loops counting up to n with the same counter, each emptied by a loop removing n cells (unknown: the counter reused after the cells it counted were freed loses its tally) */

#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "ghost.c", 3, "reach_error"); }

struct node { struct node *next; int data; };

int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 2 || n > 32) abort();
  struct node *s = NULL, *u = NULL;
  int i;
  for (i = 0; i < n; i++) {
    struct node *t = malloc(sizeof(struct node));
    t->next = s; t->data = 1; s = t;
  }
  for (i = 0; i < n; i++) {
    struct node *t = malloc(sizeof(struct node));
    t->next = u; t->data = 2; u = t;
  }
  for (i = 0; i < n; i++) {
    struct node *t = s->next;
    free(s);
    s = t;
  }
  if (s != NULL) reach_error();
  for (i = 0; i < n; i++) {
    struct node *t = u->next;
    free(u);
    u = t;
  }
  if (u != NULL) reach_error();
  return 0;
}
