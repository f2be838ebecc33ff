/* expected: memsafety=true, memcleanup=true, unreach-call=true — forester-heap sll-nested / list-of-lists style: an outer SLL, each item owning an inner SLL of nondet length (possibly empty) with data = the outer index parity; checked and freed */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct inner {
  struct inner *next;
  int val;
};

struct outer {
  struct outer *next;
  struct inner *inner;
  int tag;
};

int main()
{
  struct outer *list = NULL;
  int tag = 0;
  while (__VERIFIER_nondet_int()) {
    struct outer *o = malloc(sizeof(struct outer));
    if (!o) abort();
    o->tag = tag;
    o->inner = NULL;
    while (__VERIFIER_nondet_int()) {
      struct inner *i = malloc(sizeof(struct inner));
      if (!i) abort();
      i->val = tag;
      i->next = o->inner;
      o->inner = i;
    }
    o->next = list;
    list = o;
    tag = 1 - tag;
  }

  struct outer *o = list;
  while (o) {
    struct inner *i = o->inner;
    while (i) {
      if (i->val != o->tag)
        goto ERROR;
      i = i->next;
    }
    if (o->next && o->next->tag == o->tag)
      goto ERROR;
    o = o->next;
  }

  while (list) {
    o = list;
    list = list->next;
    while (o->inner) {
      struct inner *i = o->inner;
      o->inner = i->next;
      free(i);
    }
    free(o);
  }
  return 0;
ERROR:
  reach_error();
  return 1;
}
