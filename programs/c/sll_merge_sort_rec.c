/* expected: memsafety=true, memcleanup=true, unreach-call=true — recursive top-down merge sort on a SLL (split by slow/fast pointers); checks order and length; frees */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

typedef struct node {
  struct node *next;
  int value;
} *List;

List merge(List a, List b) {
  if (a == NULL)
    return b;
  if (b == NULL)
    return a;
  if (a->value <= b->value) {
    a->next = merge(a->next, b);
    return a;
  } else {
    b->next = merge(a, b->next);
    return b;
  }
}

List merge_sort(List l) {
  if (l == NULL || l->next == NULL)
    return l;
  List slow = l;
  List fast = l->next;
  while (fast != NULL && fast->next != NULL) {
    slow = slow->next;
    fast = fast->next->next;
  }
  List second = slow->next;
  slow->next = NULL;
  return merge(merge_sort(l), merge_sort(second));
}

int main() {
  List l = NULL;
  int n = 0;
  while (__VERIFIER_nondet_int()) {
    List c = malloc(sizeof(struct node));
    if (c == NULL)
      abort();
    c->value = __VERIFIER_nondet_int();
    c->next = l;
    l = c;
    n++;
  }
  l = merge_sort(l);
  List p = l;
  int m = 0;
  while (p) {
    if (p->next && p->value > p->next->value)
      goto ERROR;
    m++;
    p = p->next;
  }
  if (m != n)
    goto ERROR;
  while (l) {
    p = l->next;
    free(l);
    l = p;
  }
  return 0;
ERROR:
  reach_error();
  return 1;
}
