/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — as tree_delete_min_random_shape.c, but delete_min() sets parent->left = NULL instead of moving the right subtree of the leftmost node up: that subtree is lost when the node is freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

typedef struct tnode {
    struct tnode *left;
    struct tnode *right;
} Tree;

Tree *insert(Tree *root)
{
    Tree *n = malloc(sizeof(Tree));
    Tree *p = root;

    n->left = NULL;
    n->right = NULL;
    if (root == NULL)
        return n;
    while (1) {
        if (__VERIFIER_nondet_int()) {
            if (p->left == NULL) { p->left = n; break; }
            p = p->left;
        } else {
            if (p->right == NULL) { p->right = n; break; }
            p = p->right;
        }
    }
    return root;
}

Tree *delete_min(Tree *root)
{
    Tree *parent = NULL;
    Tree *m = root;

    while (m->left != NULL) {
        parent = m;
        m = m->left;
    }
    if (parent == NULL)
        root = m->right;
    else
        parent->left = NULL;
    free(m);
    return root;
}

int main(void)
{
    Tree *root = NULL;
    while (__VERIFIER_nondet_int())
        root = insert(root);
    while (root != NULL)
        root = delete_min(root);
    return 0;
}
