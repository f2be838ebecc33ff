/* expected: memsafety=true, memcleanup=false, unreach-call=false — as sll_bucket_array.c, but a cell pushed into bucket 2 may hold 1: the check reaches reach_error (which ends the program with the table allocated) */
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
    if (b == 2 && __VERIFIER_nondet_int()) p->data = 1;
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
