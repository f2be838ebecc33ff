/* expected: memsafety=true, memcleanup=false, unreach-call=true — as sll_bucket_array.c, but the cleanup loop stops before bucket 2, still reachable from the global table at exit */
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
  for (i = 0; i < 2; i++) {   /* BUG: bucket 2 is never freed */
    while (table[i] != NULL) {
      p = table[i];
      table[i] = p->next;
      free(p);
    }
  }
  return 0;
}
