/* expected: memsafety=true, memcleanup=false, unreach-call=false — sll_cart_orders.c where an order is not checked against its cell's stock: an order above it reaches reach_error(), which aborts with the list allocated */
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
    if (order < 0)
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
