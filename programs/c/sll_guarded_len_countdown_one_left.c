/* expected: memsafety=true, memcleanup=false, unreach-call=false — the same, but the popping loop counts from 1 and leaves the last cell: the final check finds it and reach_error() ends the run with it allocated */
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
  for (int k = 1; k < kept; k++) {
    Slot *t = head->nxt;
    free(head);
    head = t;
  }
  if (head != NULL)
    reach_error();
  return 0;
}
