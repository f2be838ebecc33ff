/* expected: memsafety=true, memcleanup=false, unreach-call=true — memsafety cmp-freed-ptr style: the address of a freed cell is compared with a new cell's; the new cell is freed only when they are equal */

#include <stdlib.h>
#include <stdint.h>
extern int __VERIFIER_nondet_int(void);

struct T {
  struct T* next;
};

int main() {
  struct T* x = NULL;
  struct T* y = NULL;
  y = malloc(sizeof(*y));
  intptr_t adressY = (intptr_t) y;
  free(y);
  x = malloc(sizeof(*x));
  intptr_t adressX = (intptr_t) x;
  if (adressX == adressY) {
    free(x);
  }
  return 0;
}
