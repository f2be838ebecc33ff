/* expected: memsafety=true, memcleanup=true, unreach-call=true — cells pushed in front get data 0, 1, 0, 1... from flag ^= 1; the walk from the head starts from f = 1 - flag and alternates f = 1 - f */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }
struct node { int data; struct node *next; };
int main() {
  struct node *head = NULL;
  int flag = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof(struct node));
    n->data = flag;
    flag ^= 1;
    n->next = head;
    head = n;
  }
  struct node *p = head;
  int f = 1 - flag; /* the head is the last cell made */
  while (p) {
    if (p->data != f) reach_error();
    f = 1 - f;
    p = p->next;
  }
  while (head) { p = head->next; free(head); head = p; }
  return 0;
}
