/* expected: memsafety=true, memcleanup=false, unreach-call=true — as dll_head_pointer.c, but the first cell is freed only on some runs: still pointed to by list at exit (memcleanup, not memtrack) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);
struct cell { struct cell *next; struct cell *prev; struct cell *head; int key; };
int main(void) {
  struct cell *list = malloc(sizeof(struct cell));
  list->next = NULL; list->prev = NULL; list->head = list; list->key = 0;
  struct cell *last = list;
  while (__VERIFIER_nondet_int()) {
    struct cell *c = malloc(sizeof(struct cell));
    c->next = NULL; c->prev = last; c->head = list; c->key = 1;
    last->next = c;
    last = c;
  }
  /* walk back from the end: every cell names the list's first cell */
  struct cell *p = last;
  while (p != NULL) {
    if (p->head != list) reach_error();
    if (p->prev == NULL && p != list) reach_error();
    p = p->prev;
  }
  /* free from the end */
  while (last != list) {
    p = last->prev;
    p->next = NULL;
    free(last);
    last = p;
  }
  if (__VERIFIER_nondet_int()) free(list);
  return 0;
}
