/* expected: memsafety=true, memcleanup=false, unreach-call=false — the same, but the walk expects no negative tag: a negative key gives one (the remainder takes the sign of the dividend in C), and reach_error() ends the run with the list allocated */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct entry {
  struct entry *next;
  int key;
  int tag;
} Entry;

static Entry *add(Entry *list, int key) {
  Entry *e = malloc(sizeof(Entry));
  if (e == NULL)
    abort();
  e->key = key;
  e->tag = key % 3;
  e->next = list;
  return e;
}

int main(void) {
  Entry *list = NULL;
  while (__VERIFIER_nondet_int())
    list = add(list, __VERIFIER_nondet_int());
  for (Entry *e = list; e != NULL; e = e->next) {
    if (e->tag < 0)
      reach_error();
  }
  while (list != NULL) {
    Entry *n = list->next;
    free(list);
    list = n;
  }
  return 0;
}
