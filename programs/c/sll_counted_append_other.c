/* expected: memsafety=true, memcleanup=false, unreach-call=false — a list of len = 2 cells with data 1 is built by a counting loop, one cell with data + 1 is appended at the end, and the walk finds the cell that differs (the style of the list-simple sll2n tasks) */
extern void abort(void);
extern void reach_error(void);
#include <stdlib.h>
typedef struct node {
  struct node* next;
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
void sll_destroy(SLL head) {
  while(head) {
    SLL temp = head->next;
    free(head);
    head = temp;
  }
}
void sll_append(SLL* head, int data) {
  SLL new_last = node_create(data);
  if(NULL == *head) {
    *head = new_last;
  } else {
    SLL last = *head;
    while(last->next) {
      last = last->next;
    }
    last->next = new_last;
  }
}
SLL sll_create(int len, int data) {
  SLL head = NULL;
  while(len > 0) {
    SLL new_head = node_create(data);
    new_head->next = head;
    head = new_head;
    len--;
  }
  return head;
}
int main() {
  const int len = 2;
  const int data = 1;
  SLL s = sll_create(len, data);
  sll_append(&s, data + 1);
  SLL ptr = s;
  while(ptr) {
    if(data != ptr->data) {
      goto ERROR;
    }
    ptr = ptr->next;
  }
  sll_destroy(s);
  return 0;
 ERROR: reach_error();
  return 1;
}
