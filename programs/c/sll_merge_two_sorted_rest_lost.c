/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=false — two sorted SLLs built by appending non-decreasing nondet data, merged with a dummy head; checks order and total length; frees; the merge drops the rest of b when a runs out first */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct node {
  int data;
  struct node *next;
};

struct node *build_sorted(int *len) {
  struct node *head = NULL, *tail = NULL;
  int v = __VERIFIER_nondet_int();
  *len = 0;
  while (__VERIFIER_nondet_int()) {
    int step = __VERIFIER_nondet_int();
    if (step < 0 || step > 3)
      step = 0;
    v = v + step;
    struct node *n = malloc(sizeof(struct node));
    n->data = v;
    n->next = NULL;
    if (tail == NULL)
      head = n;
    else
      tail->next = n;
    tail = n;
    (*len)++;
  }
  return head;
}

struct node *merge(struct node *a, struct node *b) {
  struct node dummy;
  struct node *t = &dummy;
  dummy.next = NULL;
  while (a != NULL && b != NULL) {
    if (a->data <= b->data) {
      t->next = a;
      a = a->next;
    } else {
      t->next = b;
      b = b->next;
    }
    t = t->next;
  }
  if (a != NULL)
    t->next = a;
  return dummy.next;
}

int main() {
  int la, lb;
  struct node *a = build_sorted(&la);
  struct node *b = build_sorted(&lb);
  struct node *m = merge(a, b);
  a = NULL;
  b = NULL;
  int count = 0;
  struct node *p = m;
  while (p) {
    if (p->next && p->data > p->next->data) {
      goto ERROR;
    }
    count++;
    p = p->next;
  }
  if (count != la + lb)
    goto ERROR;
  while (m) {
    p = m;
    m = m->next;
    free(p);
  }
  return 0;
ERROR:
  reach_error();
  return 1;
}
