/* expected: memsafety=true, memcleanup=true, unreach-call=true — a binary tree grown by random descents (a new leaf where the walk finds NULL), then emptied by delete_min(): the leftmost node is unlinked, its right subtree moved up to its parent (parent->left = m->right) and the node freed */
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
        parent->left = m->right;
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
