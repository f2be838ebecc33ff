/* expected: memsafety=true, memcleanup=true, unreach-call=true — an sll of len = _get_nondet_int(2, 5) cells; the cell at idx = _get_nondet_int(0, len - 1) (a bound computed from the same helper's return) is removed; the rest counted and freed */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "x.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
#include <stdlib.h>

typedef struct node {
  struct node* next;
  int data;
} *SLL;

void myexit(int s) {
 _EXIT: goto _EXIT;
}

int _get_nondet_int(int from, int until) {
  int res = __VERIFIER_nondet_int();
  if (res < from || res > until) {
    res = from;
  }
  return res;
}

SLL node_create(int data) {
  SLL temp = (SLL) malloc(sizeof(struct node));
  if(NULL == temp) {
    myexit(1);
  }
  temp->next = NULL;
  temp->data = data;
  return temp;
}

SLL sll_create(int len, int data) {
  SLL head = NULL;
  for(; len > 0; len--) {
    SLL new_head = node_create(data);
    new_head->next = head;
    head = new_head;
  }
  return head;
}

void sll_destroy(SLL head) {
  while(head) {
    SLL temp = head->next;
    free(head);
    head = temp;
  }
}

void sll_remove_at(SLL* head, int index) {
  SLL prev = NULL;
  SLL cur = *head;
  while(index > 0) {
    prev = cur;
    cur = cur->next;
    index--;
  }
  SLL nxt = cur->next;
  if(prev) {
    prev->next = nxt;
  } else {
    *head = nxt;
  }
  free(cur);
}

int main() {
  const int len = _get_nondet_int(2, 5);
  const int data = 1;
  SLL s = sll_create(len, data);
  const int idx = _get_nondet_int(0, len - 1);
  sll_remove_at(&s, idx);
  int count = 0;
  SLL p = s;
  while(p) {
    if(p->data != data) {
      goto ERROR;
    }
    count++;
    p = p->next;
  }
  if(count != len - 1) {
    goto ERROR;
  }
  sll_destroy(s);
  return 0;
 ERROR: reach_error();
  return 1;
}
