/* expected: memsafety=true, memcleanup=true, unreach-call=true — a shopping cart: each cell holds a stock drawn non-negative and an order set to 0; a pass sets each order to a value drawn within [0, stock] (others skipped); a walk checks that no order exceeds its own cell's stock (two fields of one cell compared: fle); all cells freed (the style of SV-COMP's heap-data cart) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

extern void reach_error(void);

typedef struct node {
  struct node *next;
  int stock;
  int order;
} Node;

int main() {
  Node *l = NULL;
  while (__VERIFIER_nondet_int()) {
    int stock = __VERIFIER_nondet_int();
    if (stock < 0)
      continue;
    Node *new = malloc(sizeof(Node));
    new->stock = stock;
    new->order = 0;
    new->next = l;
    l = new;
  }
  Node *i = l;
  while (i != NULL) {
    int order = __VERIFIER_nondet_int();
    if (order < 0 || i->stock < order)
      continue;
    i->order = order;
    i = i->next;
  }
  i = l;
  while (i != NULL) {
    if (i->order > i->stock)
      reach_error();
    i = i->next;
  }
  while (l) { Node *t = l->next; free(l); l = t; }
  return 0;
}
