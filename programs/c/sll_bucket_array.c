/* expected: memsafety=true, memcleanup=true, unreach-call=true — a hash table: a global array of three list heads indexed by variables (a nondet bucket clamped into range, loop counters); every cell holds its bucket number; each bucket freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
struct node *table[3];
int main(void) {
  int i;
  struct node *p;
  for (i = 0; i < 3; i++) table[i] = NULL;
  while (__VERIFIER_nondet_int()) {
    int b = __VERIFIER_nondet_int();
    if (b < 0 || b > 2) b = 0;
    p = malloc(sizeof *p);
    p->data = b;
    p->next = table[b];
    table[b] = p;
  }
  for (i = 0; i < 3; i++)
    for (p = table[i]; p != NULL; p = p->next)
      if (p->data != i) reach_error();
  for (i = 0; i < 3; i++) {
    while (table[i] != NULL) {
      p = table[i];
      table[i] = p->next;
      free(p);
    }
  }
  return 0;
}
