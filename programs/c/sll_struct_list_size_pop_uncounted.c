/* expected: memsafety=true, memcleanup=true, unreach-call=false — as sll_struct_list_size, but pop_front leaves size alone when the popped value is 0: the walk's count then differs */
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
  if (v) L->size--;
  return v;
}

int main(void) {
  struct list L = { .head = NULL, .tail = NULL, .size = 0 };
  while (__VERIFIER_nondet_int()) {
    push_back(&L, __VERIFIER_nondet_int());
    if (__VERIFIER_nondet_int() && L.head) pop_front(&L);
  }
  int c = 0;
  for (struct node *p = L.head; p; p = p->next) c++;
  if (c != L.size) reach_error();
  while (L.head) pop_front(&L);
  return 0;
}
