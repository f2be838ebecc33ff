/* expected: memsafety=true, memcleanup=false, unreach-call=false — as sll_flag12_counted_walk, but the count is checked against n: the walk counts one cell fewer */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }

typedef struct node {
  int data;
  struct node *next;
} *List;

int main(void)
{
  List a = malloc(sizeof(struct node));
  List t;
  List p = a;
  int n = 1;
  while (__VERIFIER_nondet_int()) {
    if (__VERIFIER_nondet_int())
      p->data = 1;
    else
      p->data = 2;
    t = malloc(sizeof(struct node));
    p->next = t;
    p = p->next;
    n++;
  }
  p->data = 3;
  p->next = NULL;
  p = a;
  int cnt = 0;
  while (p->data != 3) {
    if (p->data != 1 && p->data != 2)
      reach_error();
    cnt++;
    p = p->next;
  }
  if (cnt != n)
    reach_error();
  p = a;
  while (p != NULL) {
    t = p->next;
    free(p);
    p = t;
  }
  return 0;
}
