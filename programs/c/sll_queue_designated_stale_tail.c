/* expected: memsafety false, memcleanup true, unreach-call true — a queue kept in a local struct list given a designated initialiser, but pop_front does not reset tail when the list empties; the next push_back writes through the freed tail */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node { struct node *next; int v; };
struct list { struct node *head, *tail; int size; };

static void push_back(struct list *L, int v) {
  struct node *n = malloc(sizeof *n);
  n->v = v;
  n->next = NULL;
  if (L->tail) L->tail->next = n; else L->head = n;
  L->tail = n;
  L->size++;
}

static void pop_front(struct list *L) {
  struct node *n = L->head;
  L->head = n->next;
  free(n);
  L->size--;
}

int main(void) {
  struct list L = { .head = NULL, .tail = NULL, .size = 0 };
  while (__VERIFIER_nondet_int()) {
    push_back(&L, 1);
    if (__VERIFIER_nondet_int() && L.head) pop_front(&L);
  }
  while (L.head) pop_front(&L);
  return 0;
}
