/* expected: memsafety=true, memcleanup=false, unreach-call=false — as sll_remove_by_data_counted, but the length is not counted down for a removed cell: the count of the second walk differs and reach_error() is called */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int d; struct node *next; };
int main(void)
{
  struct node *h = NULL;
  int len = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof(struct node));
    n->d = __VERIFIER_nondet_int();
    n->next = h;
    h = n;
    len++;
  }
  struct node *prev = NULL, *p = h;
  while (p != NULL) {
    struct node *n = p->next;
    if (p->d == 1) {
      if (prev == NULL) h = n; else prev->next = n;
      free(p);
    } else {
      prev = p;
    }
    p = n;
  }
  int c = 0;
  for (p = h; p != NULL; p = p->next)
    c++;
  if (c != len)
    reach_error();
  while (h != NULL) { p = h->next; free(h); h = p; }
  return 0;
}
