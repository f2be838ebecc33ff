/* expected: memsafety=true, memcleanup=false, unreach-call=false — as count_down_do_while.c with n in 0..32: for n = 0 the do-while still pushes one cell, and the length 1 differs from n, and reach_error ends the program with the cell allocated */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }

struct node { struct node *next; int data; };

int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 32) abort();
  struct node *s = NULL;

  int k = n;
  do {
    { struct node *t = malloc(sizeof(struct node)); t->next = s; t->data = 1; s = t; }
    k--;
  } while (k > 0);

  int count = 0;
  struct node *p = s;
  while (p) { count++; p = p->next; }
  if (count != n) reach_error();
  while (s) { struct node *t = s->next; free(s); s = t; }
  return 0;
}
