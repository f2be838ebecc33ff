/* expected: memsafety=true, memcleanup=true, unreach-call=true — the same short blocks of sizeof(struct rec *) bytes, but only the link field, which lies inside them, is ever used: no access goes past a block */
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
    list = r;
  }
  while (list != NULL) {
    struct rec *next = list->link;
    free(list);
    list = next;
  }
  return 0;
}
