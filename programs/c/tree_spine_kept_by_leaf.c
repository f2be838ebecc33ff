/* A left spine of a tree with parent pointers; the root pointer is dropped and only the leaf is
   kept, then the spine is freed upward through parent. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct tnode { struct tnode *left; struct tnode *right; struct tnode *parent; };

int main(void)
{
    struct tnode *root = malloc(sizeof(struct tnode));
    root->left = NULL;
    root->right = NULL;
    root->parent = NULL;
    struct tnode *leaf = root;
    while (__VERIFIER_nondet_int()) {
        struct tnode *n = malloc(sizeof(struct tnode));
        n->left = NULL;
        n->right = NULL;
        n->parent = leaf;
        leaf->left = n;
        leaf = n;
    }
    root = NULL;
    while (leaf != NULL) {
        struct tnode *up = leaf->parent;
        free(leaf);
        leaf = up;
    }
    return 0;
}
