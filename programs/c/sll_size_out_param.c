/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list filled by a helper that reports how many cells it made through an int out-parameter ((*made)++ per cell); main pops and frees the cells, counting them, and checks the count against the reported size */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct task {
  struct task *next;
  int prio;
};

static struct task *fill(int *made) {
  struct task *first = NULL;
  *made = 0;
  while (__VERIFIER_nondet_int()) {
    struct task *t = malloc(sizeof(struct task));
    if (t == NULL)
      abort();
    t->prio = 0;
    t->next = first;
    first = t;
    (*made)++;
  }
  return first;
}

int main(void) {
  int size;
  struct task *queue = fill(&size);
  int popped = 0;
  while (queue != NULL) {
    struct task *t = queue;
    queue = queue->next;
    free(t);
    popped++;
  }
  if (popped != size)
    reach_error();
  return 0;
}
