/* expected: memsafety=true, memcleanup=true, unreach-call=true — n in 2..32, k = n counted down to 0 by a do-while pushing a cell each round: the list has n cells */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }

struct node { struct node *next; int data; };

int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 2 || n > 32) abort();
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
