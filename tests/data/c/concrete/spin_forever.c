#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; };

void myexit(int s) { _EXIT: goto _EXIT; }

int main(void) {
  struct node *p = malloc(sizeof *p);
  p->next = NULL;
  if (__VERIFIER_nondet_int())
    myexit(1);   /* spins: p is never lost, never freed, the error never reached */
  if (__VERIFIER_nondet_int())
    reach_error();
  free(p);
  return 0;
}
