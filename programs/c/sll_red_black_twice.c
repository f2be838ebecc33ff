/* expected: memsafety=true, memcleanup=false, unreach-call=false — the builder may put a red cell after a red one (and end the list on it), which the walk finds */
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
      if (__VERIFIER_nondet_int()) {
        end->colour = RED;   /* BUG: a red cell after a red one */
        continue;
      }
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
