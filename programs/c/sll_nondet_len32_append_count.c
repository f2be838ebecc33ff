/* expected: memsafety=true, memcleanup=true, unreach-call=true — list-simple style with a length chosen in 2..32 (`_get_nondet_int(2, 32)`: a nondet value, aborting outside the range): len cells built by a counting loop, one appended, a walk counts len + 1 cells */
extern void reach_error(void);
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);

typedef struct node {
  struct node *next;
  int data;
} *SLL;

int _get_nondet_int(int from, int until) {
  int val = __VERIFIER_nondet_int();
  if (val < from || val > until) abort();
  return val;
}

SLL node_create(int data) {
  SLL temp = (SLL) malloc(sizeof(struct node));
  if (NULL == temp) abort();
  temp->next = NULL;
  temp->data = data;
  return temp;
}

SLL sll_create(int len, int data) {
  SLL head = NULL;
  while (len > 0) {
    SLL new_head = node_create(data);
    new_head->next = head;
    head = new_head;
    len--;
  }
  return head;
}

void sll_destroy(SLL head) {
  while (head) {
    SLL temp = head->next;
    free(head);
    head = temp;
  }
}

void sll_append(SLL *head, int data) {
  SLL new_last = node_create(data);
  if (NULL == *head) {
    *head = new_last;
  } else {
    SLL last = *head;
    while (last->next) last = last->next;
    last->next = new_last;
  }
}

int main() {
  const int len = _get_nondet_int(2, 32);
  const int data = 1;
  SLL s = sll_create(len, data);
  sll_append(&s, data);
  SLL ptr = s;
  int count = 0;
  while (ptr) {
    if (data != ptr->data) goto ERROR;
    ptr = ptr->next;
    count++;
  }
  if (count != 1 + len) goto ERROR;
  sll_destroy(s);
  return 0;
ERROR: reach_error();
  return 1;
}
