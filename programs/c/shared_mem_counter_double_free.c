/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=true — heap-data shared_mem1 style: every list node points to one shared mem cell; a walk counts into it; the check compares with a local count; freed, but each node frees its m too (double free of the shared cell once the list has 1 node + the final free) */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct mem {
  int val;
};

struct node {
  struct node *next;
  struct mem *m;
};

int main() {
  struct node *list = NULL;
  struct node *node = NULL;
  struct mem *m = malloc(sizeof(struct mem));
  m->val = 0;
  int count = 0;

  while (__VERIFIER_nondet_int() && count < 30) {
    node = malloc(sizeof *node);
    node->next = list;
    node->m = m;
    list = node;
    count++;
  }

  node = list;
  while (node) {
    node->m->val++;
    if (node->m->val > count)
      goto ERROR;
    node = node->next;
  }
  if (m->val != count)
    goto ERROR;

  while (list) {
    node = list->next;
    if (list->next == NULL)
      free(list->m);
    free(list);
    list = node;
  }
  free(m);
  return 0;
ERROR:
  reach_error();
  return 1;
}
