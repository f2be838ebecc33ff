/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list of len = 2 cells is built by a counting loop, a cell is inserted at index len / 2 by a loop that counts down, and the walk checks the data and counts the cells (the style of the list-simple sll2n tasks) */
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
void sll_insert(SLL* head, int data, int index) {
  SLL new_node = node_create(data);
  SLL snd_to_last = NULL;
  SLL last = *head;
  while(index > 0) {
    snd_to_last = last;
    last = last->next;
    index--;
  }
  if(snd_to_last) {
    snd_to_last->next = new_node;
    new_node->next = last;
  } else {
    new_node->next = *head;
    *head = new_node;
  }
}
int main() {
  const int len = 2;
  const int data = 5;
  SLL s = sll_create(len, data);
  int mid_index = len / 2;
  sll_insert(&s, data, mid_index);
  SLL ptr = s;
  int count = 0;
  while(ptr) {
    count++;
    if(data != ptr->data) {
      goto ERROR;
    }
    ptr = ptr->next;
  }
  if(count != len + 1) {
    goto ERROR;
  }
  sll_destroy(s);
  return 0;
 ERROR: reach_error();
  return 1;
}
