/* expected: memsafety=true, memcleanup=true, unreach-call=true — lists s and u of n cells each (n in 2..32) built by two loops counting up to n; the length of the second, u, is checked against n (the second loop, the last passed, tells n) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __VERIFIER_assume(int);
void reach_error() { abort(); }

struct node { struct node *next; int data; };

int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 2 || n > 32) abort();
  struct node *s = NULL;
  int i;
  for (i = 0; i < n; i++) {
    { struct node *t = malloc(sizeof(struct node)); t->next = s; t->data = 1; s = t; }
  }
  struct node *u = NULL;
  int j;
  for (j = 0; j < n; j++) {
    struct node *t = malloc(sizeof(struct node)); t->next = u; t->data = 2; u = t;
  }
  int count = 0;
  struct node *p = u;
  while (p) { count++; p = p->next; }
  if (count != n) reach_error();
  while (u) { struct node *t = u->next; free(u); u = t; }
  while (s) { struct node *t = s->next; free(s); s = t; }
  return 0;
}
