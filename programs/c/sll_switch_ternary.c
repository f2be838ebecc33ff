/* expected: memsafety=true, memcleanup=true, unreach-call=true — a global stack filled through a switch on a nondet value; a ternary picks p->next only for kind 1 cells; break out of while (1); then freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sll_switch_ternary.c", 3, "reach_error"); }
struct node { struct node *next; int kind; };
struct node *head = NULL;
void push(int k) {
  struct node *n = malloc(sizeof *n);
  if (!n) abort();
  n->kind = k;
  n->next = head;
  head = n;
}
int main(void) {
  while (__VERIFIER_nondet_int()) {
    switch (__VERIFIER_nondet_int()) {
      case 0: push(1); break;
      case 1: push(2); break;
      default: push(3);
    }
  }
  struct node *p = head;
  while (1) {
    if (!p) break;
    struct node *q = p->kind == 1 ? p->next : p;
    if (q != p && p->kind != 1) reach_error();
    p = p->next;
  }
  while (head) { p = head->next; free(head); head = p; }
  return 0;
}
