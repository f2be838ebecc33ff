/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — tree_min() reads t->left without checking t: on an empty BST it dereferences NULL (nothing allocated); otherwise the minimum is checked and the tree freed by repeated delete-min */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct tnode {
    struct tnode *left;
    struct tnode *right;
    int data;
} Tree;

Tree *tree_min(Tree *t)
{
    while (t->left != NULL)   /* BUG: t may be NULL */
        t = t->left;
    return t;
}

int main(void)
{
    Tree *root = NULL, *n, *p, *m;

    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(Tree));
        n->left = NULL;
        n->right = NULL;
        n->data = __VERIFIER_nondet_int();
        if (root == NULL) {
            root = n;
            continue;
        }
        p = root;
        while (1) {
            if (n->data < p->data) {
                if (p->left == NULL) { p->left = n; break; }
                p = p->left;
            } else {
                if (p->right == NULL) { p->right = n; break; }
                p = p->right;
            }
        }
    }

    m = tree_min(root);
    if (m->data > root->data)
        reach_error();

    while (root != NULL) {
        p = NULL;
        m = root;
        while (m->left != NULL) {
            p = m;
            m = m->left;
        }
        if (p == NULL)
            root = m->right;
        else
            p->left = m->right;
        free(m);
    }
    return 0;
}
