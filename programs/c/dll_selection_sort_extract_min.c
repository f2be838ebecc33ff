/* expected: memsafety=true, memcleanup=true, unreach-call=true — selection sort of a DLL by unlinking the minimum and appending it to a result list with a tail pointer; checks order and length; frees */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

typedef struct node {
  struct node *next;
  struct node *prev;
  int key;
} node_t;

typedef struct {
  node_t *first;
  node_t *last;
} list_t;

void append(list_t *l, node_t *n) {
  n->next = NULL;
  n->prev = l->last;
  if (l->last)
    l->last->next = n;
  else
    l->first = n;
  l->last = n;
}

void unlink_node(list_t *l, node_t *n) {
  if (n->prev)
    n->prev->next = n->next;
  else
    l->first = n->next;
  if (n->next)
    n->next->prev = n->prev;
  else
    l->last = n->prev;
  n->next = NULL;
  n->prev = NULL;
}

int main() {
  list_t in = { NULL, NULL };
  list_t out = { NULL, NULL };
  int n = 0;
  while (__VERIFIER_nondet_int()) {
    node_t *x = malloc(sizeof(node_t));
    if (!x) abort();
    x->key = __VERIFIER_nondet_int();
    append(&in, x);
    n++;
  }
  while (in.first) {
    node_t *min = in.first;
    node_t *p = in.first->next;
    while (p) {
      if (p->key < min->key)
        min = p;
      p = p->next;
    }
    unlink_node(&in, min);
    append(&out, min);
  }
  if (in.last != NULL)
    goto ERROR;
  int m = 0;
  node_t *p = out.first;
  while (p) {
    if (p->next && p->key > p->next->key)
      goto ERROR;
    if (p->next == NULL && p != out.last)
      goto ERROR;
    m++;
    p = p->next;
  }
  if (m != n)
    goto ERROR;
  while (out.first) {
    p = out.first;
    out.first = p->next;
    free(p);
  }
  return 0;
ERROR:
  reach_error();
  return 1;
}
