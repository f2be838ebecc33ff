/* expected: memsafety=true, memcleanup=true, unreach-call=true — the list-ext style: a data value chosen once in main (const int data = __VERIFIER_nondet_int()) is passed through two functions into every cell of a circular list, then checked on every cell; goto ERROR jumps forward */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sll_circular_nondet_data.c", 4, "reach_error"); }
void __VERIFIER_assume(int);
typedef struct node {
  int data;
  struct node* next;
} *SLL;

void myexit(int s) {
 _EXIT: goto _EXIT;
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

SLL sll_circular_create(int len, int data) {
  SLL head = node_create(data);
  SLL last = head;
  while(len > 1) {
    SLL new_head = node_create(data);
    new_head->next = head;
    head = new_head;
    len--;
  }
  last->next = head;
  return head;
}

void sll_circular_destroy(SLL head) {
  if(NULL != head) {
    SLL p = head->next;
    while(p != head) {
      SLL q = p->next;
      free(p);
      p = q;
    }
    free(head);
  }
}

int main() {
  const int len = __VERIFIER_nondet_int();
  __VERIFIER_assume(len > 1 && len < 32);
  const int data = __VERIFIER_nondet_int();
  SLL s = sll_circular_create(len, data);
  SLL ptr = s;
  do {
    if(data != ptr->data) {
      goto ERROR;
    }
    ptr = ptr->next;
  } while(ptr != s);
  sll_circular_destroy(s);
  return 0;
 ERROR: reach_error();
  return 1;
}
