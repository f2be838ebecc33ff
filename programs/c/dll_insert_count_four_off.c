/* expected: memsafety=true, memcleanup=false, unreach-call=false — a doubly linked list of len = 4 cells is built by a counting loop and a cell is inserted after its first; the walk that counts the cells expects len of them, but there are len + 1; reach_error() is called before the list is freed */
#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);

typedef struct node {
  struct node *next;
  struct node *prev;
  int data;
} *DLL;

DLL node_create(int data) {
  DLL temp = (DLL) malloc(sizeof(struct node));
  if (NULL == temp) {
    abort();
  }
  temp->next = NULL;
  temp->prev = NULL;
  temp->data = data;
  return temp;
}

DLL dll_create(int len, int data) {
  DLL head = NULL;
  while (len > 0) {
    DLL new_head = node_create(data);
    new_head->next = head;
    if (head) {
      head->prev = new_head;
    }
    head = new_head;
    len--;
  }
  return head;
}

void dll_destroy(DLL head) {
  while (head) {
    DLL temp = head->next;
    free(head);
    head = temp;
  }
}

void dll_insert_second(DLL head, int data) {
  DLL new_node = node_create(data);
  DLL next = head->next;
  new_node->prev = head;
  new_node->next = next;
  head->next = new_node;
  if (next) {
    next->prev = new_node;
  }
}

int main() {
  const int len = 4;
  const int data = 1;
  DLL s = dll_create(len, data);
  dll_insert_second(s, data);
  DLL ptr = s;
  int count = 0;
  while (ptr) {
    ptr = ptr->next;
    count++;
  }
  if (count != len) {
    goto ERROR;
  }
  dll_destroy(s);
  return 0;
 ERROR: reach_error();
  return 1;
}
