/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list of a nondet length from 2 to 5 (a clamped choice); a loop counting down from len - 1 writes i + len into the cell at index i (two followed ints: a value per pair), a second loop reads each cell back through a function returning its datum and compares with i + len kept in a variable */
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
#include <stdlib.h>

typedef struct node {
  struct node* next;
  int data;
} *SLL;

int get_in_range(int from, int until) {
  int res = __VERIFIER_nondet_int();
  if (res < from || res > until)
    res = from;
  return res;
}

SLL create(int len, int data) {
  SLL head = NULL;
  for (; len > 0; len--) {
    SLL n = malloc(sizeof(struct node));
    if (n == NULL)
      abort();
    n->next = head;
    n->data = data;
    head = n;
  }
  return head;
}

void update_at(SLL head, int data, int index) {
  while (index > 0) {
    head = head->next;
    --index;
  }
  head->data = data;
}

int get_at(SLL head, int index) {
  while (index > 0) {
    head = head->next;
    --index;
  }
  return head->data;
}

void destroy(SLL head) {
  while (head) {
    SLL t = head->next;
    free(head);
    head = t;
  }
}

int main(void) {
  const int len = get_in_range(2, 5);
  SLL s = create(len, 1);
  int i;
  for (i = len - 1; i >= 0; i--) {
    int new_data = i + len;
    update_at(s, new_data, i);
  }
  for (i = 0; i < len; i++) {
    int expected = len + i;
    if (expected != get_at(s, i))
      goto ERROR;
  }
  destroy(s);
  return 0;
 ERROR:
  reach_error();
  return 1;
}
