/* expected: memsafety=true, memcleanup=true, unreach-call=true — each cell gets a tag that is a nondet key modulo 3 (from -2 to 2 in C); a walk checks that no tag is 3 or more, then the list is freed */
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
    if (e->tag >= 3)
      reach_error();
  }
  while (list != NULL) {
    Entry *n = list->next;
    free(list);
    list = n;
  }
  return 0;
}
