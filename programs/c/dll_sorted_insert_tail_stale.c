/* expected: memsafety=true, memcleanup=false, unreach-call=false — a sorted DLL with head and tail; each nondet value is inserted from the tail side walking backwards; order checked forwards and backwards, length checked; freed; the tail is not updated when inserting at the end */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

typedef struct TDLL {
  struct TDLL* next;
  struct TDLL* prev;
  int data;
} DLL;

typedef struct {
  DLL *head;
  DLL *tail;
  unsigned size;
} List;

void insert(List *l, int v) {
  DLL *n = malloc(sizeof(DLL));
  if (!n) abort();
  n->data = v;
  DLL *p = l->tail;
  while (p && p->data > v)
    p = p->prev;
  n->prev = p;
  if (p) {
    n->next = p->next;
    p->next = n;
  } else {
    n->next = l->head;
    l->head = n;
  }
  if (n->next)
    n->next->prev = n;
  else if (!l->tail)
    l->tail = n;
  l->size++;
}

int main() {
  List l = { NULL, NULL, 0 };
  while (__VERIFIER_nondet_int())
    insert(&l, __VERIFIER_nondet_int());
  unsigned k = 0;
  DLL *p;
  for (p = l.head; p; p = p->next) {
    if (p->next && p->data > p->next->data)
      reach_error();
    k++;
  }
  if (k != l.size)
    reach_error();
  k = 0;
  for (p = l.tail; p; p = p->prev) {
    if (p->prev && p->prev->data > p->data)
      reach_error();
    k++;
  }
  if (k != l.size)
    reach_error();
  while (l.head) {
    p = l.head;
    l.head = p->next;
    free(p);
  }
  return 0;
}
