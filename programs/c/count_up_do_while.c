/* expected: memsafety=true, memcleanup=true, unreach-call=true — n in 1..32, i counted up from 0 to n by a do-while pushing a cell each round, then n cells removed: the list is empty */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }

struct node { struct node *next; int data; };

int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 32) abort();
  struct node *s = NULL;

  int i = 0;
  do {
    { struct node *t = malloc(sizeof(struct node)); t->next = s; t->data = 1; s = t; }
    i++;
  } while (i < n);

  int j;
  for (j = 0; j < n; j++) {
    struct node *t = s->next;
    free(s);
    s = t;
  }
  if (s != NULL) reach_error();
  return 0;
}
