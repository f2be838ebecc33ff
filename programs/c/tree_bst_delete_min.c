/* expected: memsafety=true, memcleanup=true, unreach-call=true — delete_min() unlinks and frees the leftmost node (its right subtree takes its place) until the BST is empty; the minima come out nondecreasing */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct tnode {
    struct tnode *left;
    struct tnode *right;
    int data;
} Tree;

Tree *insert(Tree *root, int d)
{
    Tree *n = malloc(sizeof(Tree));
    Tree *p = root;

    n->left = NULL;
    n->right = NULL;
    n->data = d;
    if (root == NULL)
        return n;
    while (1) {
        if (d < p->data) {
            if (p->left == NULL) { p->left = n; break; }
            p = p->left;
        } else {
            if (p->right == NULL) { p->right = n; break; }
            p = p->right;
        }
    }
    return root;
}

/* root != NULL */
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
    Tree *root = NULL, *m;
    int first = 1, last = 0;

    while (__VERIFIER_nondet_int())
        root = insert(root, __VERIFIER_nondet_int());

    while (root != NULL) {
        m = root;
        while (m->left != NULL)
            m = m->left;
        if (!first && m->data < last)
            reach_error();
        last = m->data;
        first = 0;
        root = delete_min(root);
    }
    return 0;
}
