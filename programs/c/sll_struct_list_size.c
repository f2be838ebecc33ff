/* expected: memsafety=true, memcleanup=true, unreach-call=true — a struct list { head, tail, size } local to main, passed by address to push_back/pop_front helpers that keep size (designated initializer); size checked against a walk */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error() {}

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

static int pop_front(struct list *L) {
  struct node *n = L->head;
  int v = n->v;
  L->head = n->next;
  if (L->head == NULL) L->tail = NULL;
  free(n);
  L->size--;
  return v;
}

int main(void) {
  struct list L = { .head = NULL, .tail = NULL, .size = 0 };
  while (__VERIFIER_nondet_int()) {
    push_back(&L, 1);
    if (__VERIFIER_nondet_int() && L.head) pop_front(&L);
  }
  int c = 0;
  for (struct node *p = L.head; p; p = p->next) c++;
  if (c != L.size) reach_error();
  while (L.head) pop_front(&L);
  return 0;
}
