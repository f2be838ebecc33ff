/* expected: memsafety=true, memcleanup=true, unreach-call=true — list-simple sll2c_prepend_unequal style: circular SLL, prepend a cell with other data */

extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sll2c_prepend_unequal.c", 3, "reach_error"); }

#include <stdlib.h>

typedef struct node {
  struct node *next;
  int data;
} *SLL;

extern int __VERIFIER_nondet_int(void);

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
  SLL const last = node_create(data);
  SLL head = last;
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

void sll_circular_prepend(SLL* head, int data) {
  SLL new_head = node_create(data);
  if(NULL == *head) {
    new_head->next = new_head;
  } else {
    SLL last = *head;
    while(last->next != *head) {
      last = last->next;
    }
    new_head->next = *head;
    last->next = new_head;
  }
  *head = new_head;
}

int _get_nondet_int(int from, int until) {
  int len = __VERIFIER_nondet_int();
  if (len < from || len > until) {
    abort();
  }
  return len;
}

int main() {
  const int len = _get_nondet_int(2, 32);
  const int data = 1;
  SLL s = sll_circular_create(len, data);
  sll_circular_prepend(&s, data + 1);
  SLL ptr = s;
  int count = 0;
  if(ptr->data != data + 1) {
    goto ERROR;
  }
  ptr = ptr->next;
  do {
    if(ptr->data != data) {
      goto ERROR;
    }
    count++;
    ptr = ptr->next;
  } while(ptr != s);
  if(count != len) {
    goto ERROR;
  }
  sll_circular_destroy(s);
  return 0;
 ERROR: reach_error();
  return 1;
}
