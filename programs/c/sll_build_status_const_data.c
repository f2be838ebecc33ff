/* expected: memsafety=true, memcleanup=true, unreach-call=true — a length drawn nondet, then `const int data = 2;`, then clamped into 0..4 (list-ext style: a declaration between the value and its test); build() returns -2 for an empty list and 0 with the list through an out-parameter; rc == 0 means a list */
#include <stdlib.h>
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }

struct node {
  struct node *next;
  int data;
};

static int build(struct node **out, int len, int data)
{
  struct node *head = NULL;
  if (len <= 0) {
    *out = NULL;
    return -2;
  }
  while (len > 0) {
    struct node *n = malloc(sizeof *n);
    if (!n)
      abort();
    n->data = data;
    n->next = head;
    head = n;
    len--;
  }
  *out = head;
  return 0;
}

int main(void)
{
  struct node *l = NULL;
  int len = __VERIFIER_nondet_int();
  const int data = 2;
  if (len < 0 || len > 4)
    len = 0;
  int rc = build(&l, len, data);
  if (rc == 0 && l == NULL)
    reach_error();
  if (rc != 0 && l != NULL)
    reach_error();
  while (l) {
    struct node *t = l->next;
    if (l->data != data)
      reach_error();
    free(l);
    l = t;
  }
  return 0;
}
