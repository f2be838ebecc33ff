/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — sll_private_cell whose destroy loop frees the items only: an item's private cell is lost when the item is freed */
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
    free(list);
    list = n;
  }
  return 0;
}
