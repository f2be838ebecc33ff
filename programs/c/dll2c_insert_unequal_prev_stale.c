/* expected: memsafety=true, memcleanup=false, unreach-call=false — list-simple dll2c_insert_unequal style: circular DLL, insert a cell at index len/2, the middle insert forgets last->prev, the backward walk skips the new cell */

extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "dll2c_insert_unequal.c", 3, "reach_error"); }

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

void dll_circular_destroy(DLL head) {
  if(NULL != head) {
    DLL p = head->next;
    while(p != head) {
      DLL q = p->next;
      free(p);
      p = q;
    }
    free(head);
  }
}

void dll_circular_insert(DLL* head, int data, int index) {
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
    new_node->next = last;
  } else {
    DLL tail = (*head)->prev;
    new_node->next = *head;
    new_node->prev = tail;
    tail->next = new_node;
    (*head)->prev = new_node;
    *head = new_node;
  }
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
  const int uneq = 5;
  DLL s = dll_circular_create(len, data);
  const int mid = len / 2;
  dll_circular_insert(&s, uneq, mid);
  DLL ptr = s;
  int count = 0;
  do {
    if(count == mid) {
      if(ptr->data != uneq) {
        goto ERROR;
      }
    } else {
      if(ptr->data != data) {
        goto ERROR;
      }
    }
    if(ptr->next->prev != ptr) {
      goto ERROR;
    }
    count++;
    ptr = ptr->next;
  } while(ptr != s);
  if(count != len + 1) {
    goto ERROR;
  }
  count = 0;
  ptr = s->prev;
  while(ptr != s) {
    count++;
    ptr = ptr->prev;
  }
  if(count != len) {
    goto ERROR;
  }
  dll_circular_destroy(s);
  return 0;
 ERROR: reach_error();
  return 1;
}
