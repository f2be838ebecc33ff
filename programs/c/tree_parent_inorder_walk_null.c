/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — as tree_parent_inorder_walk.c, but the walk up does not check for the root: from the last node in order it climbs to the root and reads the right field of its NULL parent */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct TreeNode { struct TreeNode *left; struct TreeNode *right; struct TreeNode *parent; };

int main(void)
{
    struct TreeNode *root = malloc(sizeof(*root)), *n;
    root->left = NULL;
    root->right = NULL;
    root->parent = NULL;
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
            n->left->parent = n;
        }
        if (!n->right && __VERIFIER_nondet_int()) {
            n->right = malloc(sizeof(*n));
            n->right->left = NULL;
            n->right->right = NULL;
            n->right->parent = n;
        }
    }
    n = root;
    while (n->left)
        n = n->left;
    while (n) {
        if (n->right) {
            n = n->right;
            while (n->left)
                n = n->left;
        } else {
            while (n == n->parent->right)
                n = n->parent;
            n = n->parent;
        }
    }
    while (root) {
        n = root;
        while (n->left || n->right) {
            if (n->left)
                n = n->left;
            else
                n = n->right;
        }
        if (n->parent) {
            if (n == n->parent->left)
                n->parent->left = NULL;
            else
                n->parent->right = NULL;
        } else
            root = NULL;
        free(n);
    }
    return 0;
}
