/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list of len = 5 cells is built by a counting loop, one cell is appended at its end, and a walk counts len + 1 cells holding the data (the style of the list-simple tasks with a longer list: the summary nodes merge its cells, the run without blur counts them) */
#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);

typedef struct node {
  struct node *next;
  int data;
} *SLL;

void myexit(int s) {
 _EXIT: goto _EXIT;
}

SLL node_create(int data) {
  SLL temp = (SLL) malloc(sizeof(struct node));
  if (NULL == temp) {
    myexit(1);
  }
  temp->next = NULL;
  temp->data = data;
  return temp;
}

SLL sll_create(int len, int data) {
  SLL head = NULL;
  while (len > 0) {
    SLL new_head = node_create(data);
    new_head->next = head;
    head = new_head;
    len--;
  }
  return head;
}

void sll_destroy(SLL head) {
  while (head) {
    SLL temp = head->next;
    free(head);
    head = temp;
  }
}

void sll_append(SLL *head, int data) {
  SLL new_last = node_create(data);
  if (NULL == *head) {
    *head = new_last;
  } else {
    SLL last = *head;
    while (last->next) {
      last = last->next;
    }
    last->next = new_last;
  }
}

int main() {
  const int len = 5;
  const int data = 1;
  SLL s = sll_create(len, data);
  sll_append(&s, data);
  SLL ptr = s;
  int count = 0;
  while (ptr) {
    if (data != ptr->data) {
      goto ERROR;
    }
    ptr = ptr->next;
    count++;
  }
  if (count != 1 + len) {
    goto ERROR;
  }
  sll_destroy(s);
  return 0;
 ERROR: reach_error();
  return 1;
}
