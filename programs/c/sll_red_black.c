/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list of black cells where each red cell is followed by a black one (colours as constants), built at the tail; the walk checks that a red cell has a black successor, then the list is freed (the style of the forester sll-rb tasks) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef struct TSLL { struct TSLL* next; int colour; } SLL;
#define RED 0
#define BLACK 1
int main() {
  SLL* list = malloc(sizeof(SLL));
  list->next = NULL;
  list->colour = BLACK;
  SLL* end = list;
  while (__VERIFIER_nondet_int()) {
    end->next = malloc(sizeof(SLL));
    end = end->next;
    end->next = NULL;
    if (__VERIFIER_nondet_int()) {
      end->colour = RED;
      end->next = malloc(sizeof(SLL));
      end = end->next;
      end->next = NULL;
    }
    end->colour = BLACK;
  }
  end = NULL;
  end = list;
  if (!(NULL != end)) reach_error();
  if (!(BLACK == end->colour)) reach_error();
  while (NULL != end) {
    if (RED == end->colour) {
      end = end->next;
      if (!(NULL != end)) reach_error();
      if (!(BLACK == end->colour)) reach_error();
    }
    end = end->next;
  }
  while (NULL != list) { end = list->next; free(list); list = end; }
  return 0;
}
