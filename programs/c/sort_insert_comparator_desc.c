/* expected: memsafety=true, memcleanup=false, unreach-call=false — as sort_insert_comparator.c, but the comparator passed is ge (a->data >= b->data): the list comes out descending and the ascending check calls reach_error */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
int le(struct node *a, struct node *b) { return a->data <= b->data; }
int ge(struct node *a, struct node *b) { return a->data >= b->data; }
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
    sorted = insert_sorted(sorted, n, ge);
  }
  for (struct node *p = sorted; p && p->next; p = p->next)
    if (p->data > p->next->data) reach_error();
  while (sorted) { struct node *t = sorted->next; free(sorted); sorted = t; }
  return 0;
}
