/* expected: memsafety=true, memcleanup=false, unreach-call=true — a data value chosen once is passed to node_create in a loop; the check passes, but the list is never freed (still pointed to from main when it returns) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sll_nondet_data_passed_leak.c", 6, "reach_error"); }

typedef struct node {
  struct node *next;
  int data;
} *SLL;

SLL node_create(int data) {
  SLL temp = (SLL) malloc(sizeof(struct node));
  if (NULL == temp) {
    abort();
  }
  temp->next = NULL;
  temp->data = data;
  return temp;
}

SLL sll_create(int data) {
  SLL head = node_create(data);
  while (__VERIFIER_nondet_int()) {
    SLL new_head = node_create(data);
    new_head->next = head;
    head = new_head;
  }
  return head;
}

int main() {
  const int data = __VERIFIER_nondet_int();
  SLL s = sll_create(data);
  SLL ptr = s;
  while (ptr) {
    if (data != ptr->data) {
      goto ERROR;
    }
    ptr = ptr->next;
  }
  return 0;
 ERROR:
  reach_error();
  return 1;
}
