/* expected: memsafety=true, memcleanup=true, unreach-call=true — bubble sort on a DLL by relinking adjacent nodes; checks sortedness, prev links and length; frees */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

typedef struct dnode {
  struct dnode *next;
  struct dnode *prev;
  int data;
} DNode;

typedef struct {
  DNode *head;
  int len;
} DList;

static void push_front(DList *l, int d) {
  DNode *n = malloc(sizeof(DNode));
  if (n == NULL) abort();
  n->data = d;
  n->prev = NULL;
  n->next = l->head;
  if (l->head)
    l->head->prev = n;
  l->head = n;
  l->len++;
}

/* swap a and its successor b in the list */
static void swap_with_next(DList *l, DNode *a) {
  DNode *b = a->next;
  DNode *before = a->prev;
  DNode *after = b->next;
  if (before)
    before->next = b;
  else
    l->head = b;
  b->prev = before;
  b->next = a;
  a->prev = b;
  a->next = after;
  if (after)
    after->prev = a;
}

static void bubble_sort(DList *l) {
  int swapped = 1;
  while (swapped) {
    swapped = 0;
    DNode *p = l->head;
    while (p && p->next) {
      if (p->data > p->next->data) {
        swap_with_next(l, p);
        swapped = 1;
      } else {
        p = p->next;
      }
    }
  }
}

int main(void) {
  DList l;
  l.head = NULL;
  l.len = 0;
  while (__VERIFIER_nondet_int())
    push_front(&l, __VERIFIER_nondet_int());

  bubble_sort(&l);

  int count = 0;
  DNode *prev = NULL;
  DNode *p = l.head;
  while (p) {
    if (p->prev != prev)
      goto ERROR;
    if (prev && prev->data > p->data)
      goto ERROR;
    prev = p;
    p = p->next;
    count++;
  }
  if (count != l.len)
    goto ERROR;

  while (l.head) {
    p = l.head->next;
    free(l.head);
    l.head = p;
  }
  return 0;
ERROR:
  reach_error();
  return 1;
}
