/* expected: memsafety=true, memcleanup=false, unreach-call=false — the removal loop runs len - 1 times, so one cell is left and reach_error() is called with it still allocated */
extern void abort(void);
extern void reach_error(void);
#include <stdlib.h>
typedef struct node {
  struct node* next;
  struct node* prev;
  int data;
} *DLL;
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
DLL dll_create(int len, int data) {
  DLL head = NULL;
  while(len > 0) {
    DLL new_head = node_create(data);
    new_head->next = head;
    if(head) {
      head->prev = new_head;
    }
    head = new_head;
    len--;
  }
  return head;
}
void dll_remove_first(DLL* head) {
  DLL temp = (*head)->next;
  if(temp) {
    temp->prev = NULL;
  }
  free(*head);
  *head = temp;
}
int main() {
  const int len = 2;
  const int data = 1;
  DLL s = dll_create(len, data);
  int i = 0;
  for(i = 0; i < len - 1; i++) {
    dll_remove_first(&s);
  }
  if(NULL != s) {
    goto ERROR;
  }
  return 0;
 ERROR: reach_error();
  return 1;
}
