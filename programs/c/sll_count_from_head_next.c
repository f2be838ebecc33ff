/* expected: memsafety=true, memcleanup=true, unreach-call=true — len counts the cells as they are made; a second count starts at 1 for the head cell and walks from head->next (0 for an empty list); both counts agree */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }

typedef struct node {
  struct node *next;
  int data;
} node;

int main(void)
{
  node *h = NULL, *n;
  int len = 0, cnt = 0;
  while (__VERIFIER_nondet_int()) {
    n = malloc(sizeof(node));
    n->data = __VERIFIER_nondet_int();
    n->next = h;
    h = n;
    len++;
  }
  if (h != NULL) {
    cnt = 1;
    for (n = h->next; n != NULL; n = n->next)
      cnt++;
  }
  if (cnt != len)
    reach_error();
  while (h != NULL) {
    n = h;
    h = h->next;
    free(n);
  }
  return 0;
}
