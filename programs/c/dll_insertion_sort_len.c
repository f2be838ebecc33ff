/* expected: memsafety=true, memcleanup=true, unreach-call=true — insertion sort of a DLL into a new sorted DLL (nodes moved, not copied); checks order both ways and length; frees */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct dll {
  struct dll *next;
  struct dll *prev;
  int data;
};

struct dll *insert_sorted(struct dll *sorted, struct dll *n) {
  struct dll *cur = sorted, *last = NULL;
  while (cur != NULL && cur->data < n->data) {
    last = cur;
    cur = cur->next;
  }
  n->next = cur;
  n->prev = last;
  if (cur != NULL)
    cur->prev = n;
  if (last != NULL) {
    last->next = n;
    return sorted;
  }
  return n;
}

int main() {
  struct dll *list = NULL;
  int len = 0;
  while (__VERIFIER_nondet_int()) {
    struct dll *n = malloc(sizeof(*n));
    n->data = __VERIFIER_nondet_int();
    n->prev = NULL;
    n->next = list;
    if (list)
      list->prev = n;
    list = n;
    len++;
  }

  struct dll *sorted = NULL;
  while (list != NULL) {
    struct dll *n = list;
    list = list->next;
    if (list)
      list->prev = NULL;
    sorted = insert_sorted(sorted, n);
  }

  int count = 0;
  struct dll *p = sorted, *q = NULL;
  while (p != NULL) {
    if (p->prev != q)
      goto ERROR;
    if (q != NULL && q->data > p->data)
      goto ERROR;
    q = p;
    p = p->next;
    count++;
  }
  if (count != len)
    goto ERROR;
  /* walk back */
  while (q != NULL && q->prev != NULL)
    q = q->prev;
  if (q != sorted)
    goto ERROR;

  while (sorted != NULL) {
    p = sorted->next;
    free(sorted);
    sorted = p;
  }
  return 0;
ERROR:
  reach_error();
  return 1;
}
