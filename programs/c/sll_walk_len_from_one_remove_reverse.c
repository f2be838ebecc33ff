/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — as sll_walk_len_remove_reverse.c, but the walk counts from 1 (len = n + 1): the last removal dereferences NULL */

extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sll2n_remove_all_reverse.c", 3, "reach_error"); }

#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

typedef struct node {
  struct node *next;
  int data;
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

int sll_get_data_at(SLL head, int index) {
  while(index > 0) {
    head = head->next;
    index--;
  }
  return head->data;
}

void sll_update_at(SLL head, int data, int index) {
  while(index > 0) {
    head = head->next;
    index--;
  }
  head->data = data;
}

int _get_nondet_int(int from, int until) {
  int len = __VERIFIER_nondet_int();
  if (len < from || len > until) {
    abort();
  }
  return len;
}

void sll_remove_last(SLL* head) {
  if(NULL == (*head)->next) {
    free(*head);
    *head = NULL;
  } else {
    SLL snd_to_last = *head;
    while(NULL != snd_to_last->next->next) {
      snd_to_last = snd_to_last->next;
    }
    free(snd_to_last->next);
    snd_to_last->next = NULL;
  }
}



int main() {
  const int n = _get_nondet_int(2, 32);
  SLL s = sll_create(n, 1);
  SLL p;
  int len, i;
  len = 1;
  for (p = s; p != NULL; p = p->next) len++;

  for (i = len - 1; i >= 0; i--) {
    sll_remove_last(&s);
  }
  if (NULL != s) goto ERROR;
  return 0;
 ERROR: reach_error();
  return 1;
}
