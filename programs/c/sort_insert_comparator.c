/* expected: memsafety=true, memcleanup=true, unreach-call=true — insertion into a sorted list through a comparator given as a function pointer (le: a->data <= b->data); the result is checked ascending and freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
int le(struct node *a, struct node *b) { return a->data <= b->data; }
struct node *insert_sorted(struct node *list, struct node *n, int (*cmp)(struct node *, struct node *)) {
  if (list == NULL || cmp(n, list)) { n->next = list; return n; }
  struct node *p = list;
  while (p->next != NULL && !cmp(n, p->next)) p = p->next;
  n->next = p->next;
  p->next = n;
  return list;
}
int main(void) {
  struct node *sorted = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    n->data = __VERIFIER_nondet_int();
    n->next = NULL;
    sorted = insert_sorted(sorted, n, le);
  }
  for (struct node *p = sorted; p && p->next; p = p->next)
    if (p->data > p->next->data) reach_error();
  while (sorted) { struct node *t = sorted->next; free(sorted); sorted = t; }
  return 0;
}
