/* expected: memsafety=true, memcleanup=true, unreach-call=false — the same, but the helper counts a cell only when it is not the first one made (*made = *made + 1 under a test of first->next): the report is one short of the cells popped */
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
    if (first->next != NULL)
      *made = *made + 1;
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
