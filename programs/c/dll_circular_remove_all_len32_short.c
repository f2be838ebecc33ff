/* expected: memsafety=true, memcleanup=false, unreach-call=false — (the length picked in 2..32) as dll_circular_remove_all_nondet_len.c, but the removal loop stops one cell short: one cell is left when reach_error() is called */
#include <stdlib.h>
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct node {
  struct node* next;
  struct node* prev;
  int data;
} *DLL;

DLL node_create(int data) {
  DLL temp = (DLL) malloc(sizeof(struct node));
  if(NULL == temp) abort();
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

void dll_circular_remove_first(DLL* head) {
  DLL temp = (*head)->next;
  if(temp == *head) {
    free(*head);
    *head = NULL;
  } else {
    DLL last = (*head)->prev;
    temp->prev = last;
    last->next = temp;
    free(*head);
    *head = temp;
  }
}

int _get_nondet_int(int from, int until) {
  int val = __VERIFIER_nondet_int();
  if (val < from || val > until) return from;
  return val;
}
int main() {
  const int len = _get_nondet_int(2, 32);
  const int data = 7;
  DLL s = dll_circular_create(len, data);
  int i;
  for(i = 1; i < len; i++) {
    if (s->data != data) goto ERROR;
    dll_circular_remove_first(&s);
  }
  if(NULL != s) goto ERROR;
  return 0;
ERROR: {reach_error();abort();}
  return 1;
}
