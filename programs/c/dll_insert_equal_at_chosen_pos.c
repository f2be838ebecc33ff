/* expected: memsafety=true, memcleanup=true, unreach-call=true — a dll of len cells (len = _get_nondet_int(2, 5)) with data 1; a cell with equal data inserted at pos = _get_nondet_int(0, len), a bound computed from the same helper's return (head updated at 0); walked forward checking data, prev links and count len+1; destroyed */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "x.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
#include <stdlib.h>

typedef struct node {
  struct node* next;
  struct node* prev;
  int data;
} *DLL;

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

DLL node_create(int data) {
  DLL temp = (DLL) malloc(sizeof(struct node));
  if(NULL == temp) {
    myexit(1);
  }
  temp->next = NULL;
  temp->prev = NULL;
  temp->data = data;
  return temp;
}

DLL dll_create(int len, int data) {
  DLL head = NULL;
  while(len > 0) {
    DLL new_head = node_create(data);
    new_head->next = head;
    if(head) {
      head->prev = new_head;
    }
    head = new_head;
    len--;
  }
  return head;
}

void dll_destroy(DLL head) {
  while(head) {
    DLL temp = head->next;
    free(head);
    head = temp;
  }
}

void dll_insert(DLL* head, int data, int index) {
  DLL new_node = node_create(data);
  DLL snd_to_last = NULL;
  DLL last = *head;
  while(index > 0) {
    snd_to_last = last;
    last = last->next;
    index--;
  }
  if(snd_to_last) {
    snd_to_last->next = new_node;
    new_node->prev = snd_to_last;
  } else {
    *head = new_node;
  }
  new_node->next = last;
  if(last) {
    last->prev = new_node;
  }
}

int main() {
  const int len = _get_nondet_int(2, 5);
  const int data = 1;
  const int pos = _get_nondet_int(0, len);
  DLL s = dll_create(len, data);
  dll_insert(&s, data, pos);
  if(s->prev != NULL) {
    goto ERROR;
  }
  DLL ptr = s;
  int count = 0;
  while(ptr) {
    if(ptr->data != data) {
      goto ERROR;
    }
    if(ptr->next && ptr->next->prev != ptr) {
      goto ERROR;
    }
    count++;
    ptr = ptr->next;
  }
  if(count != len + 1) {
    goto ERROR;
  }
  dll_destroy(s);
  return 0;
 ERROR: reach_error();
  return 1;
}
