/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — heap-manipulation tree_cnstr style: random binary tree grown at leaves, destroyed leaf by leaf from the root; the parent link is cleared on the wrong side when the leaf is a right child with no left sibling */

#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct TreeNode {
  struct TreeNode* left;
  struct TreeNode* right;
};

int main() {
  struct TreeNode* root = malloc(sizeof(*root)), *n;
  root->left = NULL;
  root->right = NULL;

  while (__VERIFIER_nondet_int()) {
    n = root;
    while (n->left && n->right) {
      if (__VERIFIER_nondet_int())
        n = n->left;
      else
        n = n->right;
    }
    if (!n->left && __VERIFIER_nondet_int()) {
      n->left = malloc(sizeof(*n));
      n->left->left = NULL;
      n->left->right = NULL;
    }
    if (!n->right && __VERIFIER_nondet_int()) {
      n->right = malloc(sizeof(*n));
      n->right->left = NULL;
      n->right->right = NULL;
    }
  }

  n = NULL;
  struct TreeNode* pred;

  while (root) {
    pred = NULL;
    n = root;
    while (n->left || n->right) {
      pred = n;
      if (n->left)
        n = n->left;
      else
        n = n->right;
    }
    if (pred) {
      if (pred->left)
        pred->left = NULL;
      else
        pred->left = NULL;
    } else
      root = NULL;
    free(n);
  }

  return 0;
}
