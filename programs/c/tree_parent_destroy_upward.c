/* expected: memsafety=true, memcleanup=true, unreach-call=true — a tree with parent pointers built by random descent, its left spine checked, then destroyed leaf by leaf walking up the parents; the build loop's cursors die where it ends */
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
        if (p->left == n) p->left = NULL; else p->right = NULL;
      }
      free(n);
      n = p;
    }
  }
  return 0;
}
