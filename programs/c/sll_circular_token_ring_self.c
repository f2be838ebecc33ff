/* expected: memsafety=true, memcleanup=false, unreach-call=false — forester-heap sll-circular / sll-token style: a ring of processes with one token holder; the token is passed around a nondet number of times; exactly one holder at the end; the ring is broken and freed; passing sets the next holder before clearing the old one, in the wrong order for a ring of one */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct proc {
  struct proc *next;
  int token;
};

int main() {
  struct proc *ring = malloc(sizeof(struct proc));
  if (!ring) abort();
  ring->next = ring;
  ring->token = 1;
  while (__VERIFIER_nondet_int()) {
    struct proc *p = malloc(sizeof(struct proc));
    if (!p) abort();
    p->token = 0;
    p->next = ring->next;
    ring->next = p;
  }

  struct proc *holder = ring;
  while (__VERIFIER_nondet_int()) {
    holder->next->token = 1;
    holder->token = 0;
    holder = holder->next;
  }

  int holders = 0;
  struct proc *p = ring;
  do {
    if (p->token)
      holders++;
    p = p->next;
  } while (p != ring);
  if (holders != 1)
    goto ERROR;
  if (!holder->token)
    goto ERROR;

  p = ring->next;
  ring->next = NULL;
  while (p) {
    struct proc *n = p->next;
    free(p);
    p = n;
  }
  return 0;
ERROR:
  reach_error();
  return 1;
}
