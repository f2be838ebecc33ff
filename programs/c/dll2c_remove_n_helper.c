/* expected: memsafety=true, memcleanup=true, unreach-call=true — circular DLL of len in 2..32 cells; remove_n(&s, len) removes the last cell n times by for (i = n - 1; i >= 0; i--), n its parameter: the list is empty */

extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "dll2c_remove_n_helper.c", 3, "reach_error"); }

#include <stdlib.h>

typedef struct node {
  struct node *next;
  struct node *prev;
  int data;
} *DLL;

extern int __VERIFIER_nondet_int(void);

void myexit(int s) {
 _EXIT: goto _EXIT;
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

DLL dll_circular_create(int len, int data) {
  DLL last = node_create(data);
  DLL head = last;
  while(len > 1) {
    DLL new_head = node_create(data);
    new_head->next = head;
    head->prev = new_head;
    head = new_head;
    len--;
  }
  last->next = head;
  head->prev = last;
  return head;
}

void dll_circular_remove_last(DLL* head) {
  DLL last = (*head)->prev;
  if(last == *head) {
    free(*head);
    *head = NULL;
  } else {
    DLL snd_to_last = last->prev;
    snd_to_last->next = *head;
    (*head)->prev = snd_to_last;
    free(last);
  }
}

int _get_nondet_int(int from, int until) {
  int len = __VERIFIER_nondet_int();
  if (len < from || len > until) {
    abort();
  }
  return len;
}


void remove_n(DLL *h, int n) {
  int i;
  for (i = n - 1; i >= 0; i--) {
    dll_circular_remove_last(h);
  }
}

int main() {
  const int len = _get_nondet_int(2, 32);
  const int data = 1;
  DLL s = dll_circular_create(len, data);
  int i;
  remove_n(&s, len);
  if(NULL != s) {
    goto ERROR;
  }
  return 0;
 ERROR: reach_error();
  return 1;
}
