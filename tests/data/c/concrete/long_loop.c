#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct n { struct n *next; } N;
N *push(N *h) { N *t = malloc(sizeof(N)); if (!t) abort(); t->next = h; return t; }
int main() {
  N *h = 0; int c = 0;
  while (__VERIFIER_nondet_int()) { h = push(h); c++; }
  if (c == 30) { h = h->next; }
  while (h) { N *t = h->next; free(h); h = t; }
  return 0;
}
