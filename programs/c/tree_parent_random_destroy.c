/* expected: memsafety=true, memcleanup=true, unreach-call=true — a tree with parent pointers grows at random into the empty slot of a node reached by walking down while both children are set, then is freed bottom-up through the parent pointers, each child unlinked from its parent first */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
#include <assert.h>
void reach_error() { assert(0); }

struct TreeNode {
    struct TreeNode *left;
    struct TreeNode *right;
    struct TreeNode *parent;
};

int main() {
    struct TreeNode *root = malloc(sizeof(*root)), *n;
    root->left = NULL;
    root->right = NULL;
    root->parent = NULL;
    while (__VERIFIER_nondet_int()) {
        n = root;
        while (n->left && n->right) {
            if (__VERIFIER_nondet_int()) n = n->left; else n = n->right;
        }
        struct TreeNode *c = malloc(sizeof(*c));
        c->left = NULL;
        c->right = NULL;
        c->parent = n;
        if (n->left == NULL) n->left = c; else n->right = c;
    }
    /* destroy bottom-up following parent pointers */
    n = root;
    while (n) {
        if (n->left) {
            n = n->left;
        } else if (n->right) {
            n = n->right;
        } else {
            struct TreeNode *p = n->parent;
            if (p) {
                if (p->left == n) p->left = NULL;
                else if (p->right == n) p->right = NULL;
                else reach_error();
            }
            free(n);
            n = p;
        }
    }
    return 0;
}
