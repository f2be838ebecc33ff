/* expected: memsafety=true, memcleanup=true, unreach-call=true — a circular list of a nondet length from 2 to 4 (an assumed choice); a do-while around the ring writes p->data = 2 * i + len with a counter i, a second one checks p->data != len + 2 * i in place (an expression of two followed ints, written and tested per pair of values) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void abort(void);
extern void reach_error(void);
typedef struct node { struct node *next; int data; } *SLL;

SLL node_create(int data) {
  SLL t = malloc(sizeof(struct node));
  if (!t) abort();
  t->next = NULL;
  t->data = data;
  return t;
}

int main(void) {
  int len = __VERIFIER_nondet_int();
  __VERIFIER_assume(len >= 2 && len <= 4);
  SLL s = node_create(0), last = s, p;
  int k;
  for (k = 1; k < len; k++) {
    SLL n = node_create(0);
    n->next = s;
    s = n;
  }
  last->next = s;
  p = s;
  int i = 0;
  do { p->data = 2 * i + len; p = p->next; i++; } while (p != s);
  p = s;
  i = 0;
  do { if (p->data != len + 2 * i) reach_error(); p = p->next; i++; } while (p != s);
  p = s->next;
  while (p != s) { SLL t = p->next; free(p); p = t; }
  free(s);
  return 0;
}
