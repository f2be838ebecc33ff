/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — a tree grows at random by walking down while both children are set, but the new node goes into the wrong slot: when the right child is empty it replaces the left one, which is lost */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct TreeNode { struct TreeNode *left; struct TreeNode *right; };
int main() {
    struct TreeNode *root = malloc(sizeof(*root)), *n;
    root->left = NULL;
    root->right = NULL;
    while (__VERIFIER_nondet_int()) {
        n = root;
        while (n->left && n->right) {
            if (__VERIFIER_nondet_int()) n = n->left; else n = n->right;
        }
        struct TreeNode *c = malloc(sizeof(*c));
        c->left = NULL;
        c->right = NULL;
        if (n->right == NULL) n->left = c; else n->right = c;
    }
    return 0;
}
