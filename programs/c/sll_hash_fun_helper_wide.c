/* expected: memsafety=true, memcleanup=false, unreach-call=false — the same with the helper returning key & 15: a hash of 8 to 15 fails the check, reach_error() before the list is freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "hash_fun.c", 3, "reach_error"); }

typedef struct node {
  int h;
  int key;
  struct node *n;
} *List;

int hash_fun(int key) {
  return key & 15;
}

void myexit(int s) {
  _EXIT: goto _EXIT;
}

int main() {
  List a = (List) malloc(sizeof(struct node));
  if (a == 0) myexit(1);
  List t;
  List p = a;
  a->key = 0;
  a->h = hash_fun(0);
  a->n = 0;
  while (__VERIFIER_nondet_int()) {
    t = (List) malloc(sizeof(struct node));
    if (t == 0) myexit(1);
    t->key = __VERIFIER_nondet_int();
    t->h = hash_fun(t->key);
    t->n = 0;
    p->n = t;
    p = p->n;
  }
  p = a;
  while (p != 0) {
    if (p->h < 0 || p->h > 7) {
      goto ERROR;
    }
    p = p->n;
  }
  while (a != 0) {
    t = a->n;
    free(a);
    a = t;
  }
  return 0;
  ERROR: {reach_error();abort();}
  return 1;
}
