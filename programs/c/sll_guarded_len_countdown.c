/* expected: memsafety=true, memcleanup=true, unreach-call=true — a size guarded to 1..12 and kept in a second variable; the first is counted down to 0 while cells are prepended, a walk counts the cells against the kept size, and exactly that many cells are popped and freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct slot {
  struct slot *nxt;
  int val;
} Slot;

static Slot *push(Slot *head, int val) {
  Slot *s = (Slot *)malloc(sizeof(Slot));
  if (!s)
    abort();
  s->nxt = head;
  s->val = val;
  return s;
}

int main(void) {
  int size = __VERIFIER_nondet_int();
  if (size < 1 || size > 12)
    return 0;
  int kept = size;
  Slot *head = NULL;
  while (size > 0) {
    head = push(head, 7);
    size--;
  }
  int n = 0;
  Slot *p = head;
  while (p) {
    if (p->val != 7)
      reach_error();
    n++;
    p = p->nxt;
  }
  if (n != kept)
    reach_error();
  for (int k = 0; k < kept; k++) {
    Slot *t = head->nxt;
    free(head);
    head = t;
  }
  if (head != NULL)
    reach_error();
  return 0;
}
