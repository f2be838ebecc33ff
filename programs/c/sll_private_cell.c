/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list whose items may own a private cell of their own type (struct item { next, data }, data NULL or a fresh cell); the destroy loop frees each private cell, then its item */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct item { struct item *next; struct item *data; };
int main(void) {
  struct item *list = NULL;
  do {
    struct item *it = malloc(sizeof *it);
    it->next = list;
    it->data = NULL;
    if (__VERIFIER_nondet_int()) {
      it->data = malloc(sizeof *it);
      it->data->next = NULL; it->data->data = NULL;
    }
    list = it;
  } while (__VERIFIER_nondet_int());
  while (list) {
    struct item *n = list->next;
    if (list->data) free(list->data);
    free(list);
    list = n;
  }
  return 0;
}
