/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list of a nondet length from 2 to 5 and an index from 0 to 1, both chosen by one clamping helper called twice with other bounds; the cell at the index is unlinked and freed, the rest is counted (one cell less) and destroyed */
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
  const int len = get_in_range(2, 5);
  SLL s = create(len);
  const int idx = get_in_range(0, 1);
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
