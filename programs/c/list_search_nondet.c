/* expected: memsafety=true, memcleanup=false, unreach-call=true — list-properties list_search style: global list, insert_list with keys, search, delete found; never freed at the end */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if(!(cond)) { ERROR: {reach_error();abort();} } }

typedef struct list {
  int key;
  struct list *next;
} mlist;

mlist *head;

mlist* search_list(mlist *l, int k){
  l = head;
  while(l!=NULL && l->key!=k) {
    l = l->next;
  }
  return l;
}

int delete_list(mlist *l){
  mlist *tmp;
  tmp = head;
  if (head != l) {
    while(tmp->next!=l) {
      tmp = tmp->next;
    }
    tmp->next = l->next;
  } else {
    head = l->next;
  }
  free(l);
  return 0;
}

int insert_list(mlist *l, int k){
  l = (mlist*)malloc(sizeof(mlist));
  if (head==NULL) {
    l->key = k;
    l->next = NULL;
  } else {
    l->key = k;
    l->next = head;
  }
  head = l;
  return 0;
}

int main(void){
  mlist *mylist, *temp;
  int k = __VERIFIER_nondet_int();
  insert_list(mylist,2);
  while (__VERIFIER_nondet_int()) {
    insert_list(mylist,__VERIFIER_nondet_int());
  }
  insert_list(mylist,k);
  mylist = head;
  while(mylist) {
    mylist = mylist->next;
  }
  temp = search_list(head,2);
  __VERIFIER_assert(temp->key==2);
  delete_list(temp);
  temp = search_list(head,k);
  __VERIFIER_assert(temp != NULL);
  mylist = head;
  while(mylist) {
    mylist = mylist->next;
  }
  return 0;
}
