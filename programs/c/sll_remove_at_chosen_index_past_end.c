/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — as sll_remove_at_chosen_index.c, but the length may be 1 and the index 2: the walk to the index runs off the end of a one-cell list and reads NULL->next */
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
#include <stdlib.h>

typedef struct node {
  struct node *next;
  int data;
} *SLL;

int get_in_range(int from, int until) {
  int res = __VERIFIER_nondet_int();
  if (res < from || res > until)
    res = from;
  return res;
}

SLL create(int len) {
  SLL head = NULL;
  for (; len > 0; len--) {
    SLL n = malloc(sizeof(struct node));
    if (n == NULL)
      abort();
    n->next = head;
    n->data = 1;
    head = n;
  }
  return head;
}

void remove_at(SLL *head, int index) {
  SLL prev = NULL, cur = *head;
  while (index > 0) {
    prev = cur;
    cur = cur->next;
    index--;
  }
  if (prev)
    prev->next = cur->next;
  else
    *head = cur->next;
  free(cur);
}

int main(void) {
  const int len = get_in_range(1, 5);
  SLL s = create(len);
  const int idx = get_in_range(0, 2);
  remove_at(&s, idx);
  int count = 0;
  for (SLL p = s; p != NULL; p = p->next) {
    if (p->data != 1)
      reach_error();
    count++;
  }
  if (count != len - 1)
    reach_error();
  while (s) {
    SLL t = s->next;
    free(s);
    s = t;
  }
  return 0;
}
