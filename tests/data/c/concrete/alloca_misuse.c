#include <stdlib.h>
#include <alloca.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int d; };
struct node *mk(void) {
  struct node *n = alloca(sizeof *n);
  n->next = NULL;
  n->d = 1;
  return n;
}
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 3 && __VERIFIER_nondet_int(); i++) {
    struct node *n = alloca(sizeof(struct node));
    n->next = head;
    head = n;
  }
  if (__VERIFIER_nondet_int()) { struct node *m = mk(); m->d = 2; }     /* use after return */
  if (__VERIFIER_nondet_int()) free(head);                               /* free of alloca memory */
  while (head) head = head->next;
  return 0;
}
