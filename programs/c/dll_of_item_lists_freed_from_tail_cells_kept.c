/* expected: memsafety=true, memcleanup=false, unreach-call=true — a doubly linked list whose cells each own a list of items (struct item has a next field too), built at the tail and freed from the tail back through prev, each cell's items first; the cells themselves are never freed (head still reaches them at exit) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct item {
  struct item *next;
};

struct node {
  struct node *next;
  struct node *prev;
  struct item *items;
};

int main(void) {
  struct node *head = NULL, *tail = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    if (!n) abort();
    n->items = NULL;
    while (__VERIFIER_nondet_int()) {
      struct item *it = malloc(sizeof *it);
      if (!it) abort();
      it->next = n->items;
      n->items = it;
    }
    n->next = NULL;
    n->prev = tail;
    if (tail)
      tail->next = n;
    else
      head = n;
    tail = n;
  }
  while (tail) {
    struct node *p = tail->prev;
    while (tail->items) {
      struct item *t = tail->items->next;
      free(tail->items);
      tail->items = t;
    }
    tail = p;
  }
  return 0;
}
