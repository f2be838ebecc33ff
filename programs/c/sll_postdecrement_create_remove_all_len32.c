/* expected: memsafety=true, memcleanup=true, unreach-call=true — (the length picked in 2..32) len = _get_nondet_int(2, 32); int n = len; while (n--) prepends a cell, making len cells; removed len times, list empty */
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

void sll_remove_first(SLL* head) {
  SLL temp = (*head)->next;
  free(*head);
  *head = temp;
}

int main() {
  const int len = _get_nondet_int(2, 32);
  const int data = 1;
  SLL s = NULL;
  int n = len;
  while(n--) {
    SLL new_head = node_create(data);
    new_head->next = s;
    s = new_head;
  }
  int i;
  for(i = 0; i < len; i++) {
    sll_remove_first(&s);
  }
  if(NULL != s) {
    goto ERROR;
  }
  return 0;
 ERROR: reach_error();
  return 1;
}
