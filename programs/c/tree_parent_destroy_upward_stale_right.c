/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — as tree_parent_destroy_upward.c, but a freed right child is not cut from its parent: the walk goes down into it again */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node { struct node *left, *right, *parent; };

int main(void) {
  struct node *root = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof(struct node));
    n->left = NULL; n->right = NULL; n->parent = NULL;
    if (!root) { root = n; continue; }
    struct node *p = root;
    for (;;) {
      if (__VERIFIER_nondet_int()) {
        if (p->left) p = p->left; else { p->left = n; break; }
      } else {
        if (p->right) p = p->right; else { p->right = n; break; }
      }
    }
    n->parent = p;
  }
  for (struct node *p = root; p; p = p->left)
    if (p->left && p->left->parent != p) reach_error();
  struct node *n = root;
  while (n) {
    if (n->left) n = n->left;
    else if (n->right) n = n->right;
    else {
      struct node *p = n->parent;
      if (p) {
        if (p->left == n) p->left = NULL;
      }
      free(n);
      n = p;
    }
  }
  return 0;
}
