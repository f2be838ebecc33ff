/* expected: memsafety=true, memcleanup=true, unreach-call=true — memsafety cmp-freed-ptr style: the address of a freed cell is kept as an integer and compared with that of the next cell allocated; the new cell is freed on both branches */
#include <stdlib.h>
#include <stdint.h>
extern int __VERIFIER_nondet_int(void);

struct T {
  struct T *next;
};

int main() {
  struct T *y = malloc(sizeof(*y));
  intptr_t address_y = (intptr_t) y;
  free(y);
  struct T *x = malloc(sizeof(*x));
  intptr_t address_x = (intptr_t) x;
  if (address_x == address_y) {
    free(x);
    x = NULL;
  }
  free(x);
  return 0;
}
