/* expected: memsafety=true, memcleanup=false, unreach-call=false — sll_event_pairs.c checking for the pair (1, 2), which is not refused: reach_error() aborts with the list allocated */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct node {
  struct node *next;
  int event1;
  int event2;
} Node;

int main() {
  Node *l = NULL;
  while (__VERIFIER_nondet_int()) {
    int ev1 = __VERIFIER_nondet_int();
    int ev2 = __VERIFIER_nondet_int();
    if (ev1 < 0 || ev1 > 3 || ev2 < 0 || ev2 > 3)
      continue;
    if (((ev1 == 0) && (ev2 == 2)) || ((ev1 == 1) && (ev2 == 3)) || ((ev1 == 0) && (ev2 == 3)))
      continue;
    Node *p = malloc(sizeof(*p));
    p->event1 = ev1;
    p->event2 = ev2;
    p->next = l;
    l = p;
  }
  Node *i = l;
  while (i != NULL) {
    if (((i->event1 == 1) && (i->event2 == 2)) || ((i->event1 == 0) && (i->event2 == 2)))
      reach_error();
    i = i->next;
  }
  while (l) { Node *t = l->next; free(l); l = t; }
  return 0;
}
