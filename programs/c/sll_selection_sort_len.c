/* expected: memsafety=true, memcleanup=true, unreach-call=true — selection sort on a SLL with nondet data (data swapped), then sortedness and length checked, then freed */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

typedef struct node {
  int data;
  struct node *next;
} Node;

Node *create_list(int *len) {
  Node *head = NULL;
  *len = 0;
  while (__VERIFIER_nondet_int()) {
    Node *n = (Node *) malloc(sizeof(Node));
    if (!n) abort();
    n->data = __VERIFIER_nondet_int();
    n->next = head;
    head = n;
    (*len)++;
  }
  return head;
}

void selection_sort(Node *head) {
  Node *i, *j, *min;
  for (i = head; i != NULL; i = i->next) {
    min = i;
    for (j = i->next; j != NULL; j = j->next) {
      if (j->data < min->data)
        min = j;
    }
    if (min != i) {
      int t = i->data;
      i->data = min->data;
      min->data = t;
    }
  }
}

int main() {
  int len;
  Node *list = create_list(&len);
  selection_sort(list);

  int count = 0;
  Node *p = list;
  while (p != NULL) {
    if (p->next != NULL && p->data > p->next->data) {
      ERROR: reach_error();
      abort();
    }
    count++;
    p = p->next;
  }
  if (count != len)
    goto ERROR;

  while (list != NULL) {
    p = list->next;
    free(list);
    list = p;
  }
  return 0;
}
