/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — the classic wrong sizeof: each cell is allocated with sizeof(struct rec *) (8 bytes) for a struct of 16, so writing its value field past the block is a valid-deref violation on the first cell */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct rec {
  struct rec *link;
  int value;
};

int main(void) {
  struct rec *list = NULL;
  while (__VERIFIER_nondet_int()) {
    struct rec *r = malloc(sizeof(struct rec *));
    if (r == NULL)
      return 1;
    r->link = list;
    r->value = __VERIFIER_nondet_int();
    list = r;
  }
  while (list != NULL) {
    struct rec *next = list->link;
    free(list);
    list = next;
  }
  return 0;
}
