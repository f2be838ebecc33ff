/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — a circular list built by a nondet loop around a head cell; remove_first() frees the first cell but does not relink the last cell to the new first, so the next search for the last cell follows a pointer into freed memory */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }
typedef struct node { struct node *next; int data; } *SLL;

SLL remove_first(SLL head)
{
  SLL next = head->next;
  SLL last;
  if (next == head) {
    free(head);
    return NULL;
  }
  last = head;
  while (last->next != head)
    last = last->next;
  free(head);
  return next;            /* bug: last->next still points to the freed head */
}

int main(void)
{
  SLL head = malloc(sizeof(struct node));
  if (head == NULL) abort();
  head->data = 0;
  head->next = head;
  while (__VERIFIER_nondet_int()) {
    SLL n = malloc(sizeof(struct node));
    if (n == NULL) abort();
    n->data = 0;
    n->next = head->next;
    head->next = n;
  }
  while (head != NULL)
    head = remove_first(head);
  return 0;
}
