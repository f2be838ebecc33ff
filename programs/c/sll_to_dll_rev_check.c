/* expected: memsafety=true, memcleanup=true, unreach-call=true — heap-manipulation sll_to_dll_rev style: a SLL with data 1..n is turned into a DLL, reversed, the reversed data checked decreasing along next and increasing along prev; freed */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

typedef struct node {
  struct node* next;
  struct node* prev;
  int data;
} *DLL;

DLL build_sll(void) {
  DLL head = NULL, tail = NULL;
  int i = 1;
  while (__VERIFIER_nondet_int()) {
    DLL n = malloc(sizeof(struct node));
    if (!n) abort();
    n->data = i++;
    n->next = NULL;
    n->prev = NULL;
    if (tail) tail->next = n; else head = n;
    tail = n;
  }
  return head;
}

void sll_to_dll(DLL head) {
  while (head && head->next) {
    head->next->prev = head;
    head = head->next;
  }
}

DLL dll_reverse(DLL head) {
  DLL last = NULL;
  while (head) {
    DLL next = head->next;
    head->next = head->prev;
    head->prev = next;
    last = head;
    head = next;
  }
  return last;
}

int main() {
  DLL list = build_sll();
  sll_to_dll(list);
  list = dll_reverse(list);
  DLL p = list;
  DLL q = NULL;
  while (p) {
    if (p->prev != q)
      goto ERROR;
    if (q && q->data != p->data + 1)
      goto ERROR;
    q = p;
    p = p->next;
  }
  if (q && q->data != 1)
    goto ERROR;
  while (list) {
    p = list->next;
    free(list);
    list = p;
  }
  return 0;
ERROR:
  reach_error();
  return 1;
}
