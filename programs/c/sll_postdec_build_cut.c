/* expected: memsafety=true, memcleanup=true, unreach-call=true — an unsigned length in 1..5 builds its list by `for (i = len; i-- > 0; )` (stepped in its own test, wrapping past 0 at the end); the list is cut after len - 1 cells, the last freed, then the rest */
#include <stdlib.h>
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
void reach_error(void) { abort(); }

struct node {
  struct node *next;
};

int main(void)
{
  unsigned int len = __VERIFIER_nondet_uint();
  if (len < 1 || len > 5)
    return 0;
  struct node *head = NULL;
  for (unsigned int i = len; i-- > 0; ) {
    struct node *n = malloc(sizeof *n);
    n->next = head;
    head = n;
  }
  if (len == 1) {
    free(head);
    head = NULL;
  } else {
    struct node *p = head;
    for (unsigned int j = 0; j < len - 2; j++)
      p = p->next;
    if (p->next == NULL || p->next->next != NULL)
      reach_error();
    free(p->next);
    p->next = NULL;
  }
  while (head) {
    struct node *t = head->next;
    free(head);
    head = t;
  }
  return 0;
}
