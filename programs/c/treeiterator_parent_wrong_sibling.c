/* expected: memsafety=true, memcleanup=false, unreach-call=false — forester-heap treeiterator style: a random tree with parent pointers; an iterator visits every node in pre-order using only parent links (no stack) and marks it; the destroy walk checks every node was marked; the iterator climbs to the parent's right sibling test with the wrong child (right subtrees of left-only chains are skipped) */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct TreeNode {
  struct TreeNode* left;
  struct TreeNode* right;
  struct TreeNode* parent;
  int mark;
};

struct TreeNode* new_node(struct TreeNode* parent) {
  struct TreeNode* n = malloc(sizeof(*n));
  if (!n) abort();
  n->left = NULL;
  n->right = NULL;
  n->parent = parent;
  n->mark = 0;
  return n;
}

struct TreeNode* next_preorder(struct TreeNode* n) {
  if (n->left)
    return n->left;
  if (n->right)
    return n->right;
  while (n->parent) {
    if (n == n->parent->right && n->parent->left)
      return n->parent->right;
    n = n->parent;
  }
  return NULL;
}

int main() {
  struct TreeNode* root = new_node(NULL), *n;

  while (__VERIFIER_nondet_int()) {
    n = root;
    while (n->left && n->right) {
      if (__VERIFIER_nondet_int())
        n = n->left;
      else
        n = n->right;
    }
    if (!n->left && __VERIFIER_nondet_int())
      n->left = new_node(n);
    if (!n->right && __VERIFIER_nondet_int())
      n->right = new_node(n);
  }

  for (n = root; n != NULL; n = next_preorder(n)) {
    if (n->mark)
      reach_error();
    n->mark = 1;
  }

  while (root) {
    n = root;
    while (n->left || n->right) {
      if (n->left)
        n = n->left;
      else
        n = n->right;
    }
    if (!n->mark)
      reach_error();
    if (n->parent) {
      if (n->parent->left == n)
        n->parent->left = NULL;
      else
        n->parent->right = NULL;
    } else
      root = NULL;
    free(n);
  }
  return 0;
}
