/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — forester-heap sll-sorted style: cells inserted one by one into a sorted SLL at their place; the list is checked sorted and freed; an insert at the front drops the old list (x->next not set in that case) */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct TSLL
{
  struct TSLL* next;
  int data;
};

int main()
{
  struct TSLL* list = NULL;

  while (__VERIFIER_nondet_int())
  {
    struct TSLL* x = malloc(sizeof(struct TSLL));
    if (NULL == x) abort();
    x->data = __VERIFIER_nondet_int();
    x->next = NULL;

    struct TSLL** pp = &list;
    while (*pp != NULL && (*pp)->data < x->data)
      pp = &(*pp)->next;
    if (pp != &list)
      x->next = *pp;
    *pp = x;
  }

  struct TSLL* y = list;
  while (y != NULL && y->next != NULL)
  {
    if (y->data > y->next->data)
      reach_error();
    y = y->next;
  }

  while (list != NULL)
  {
    y = list;
    list = list->next;
    free(y);
  }

  return 0;
}
