/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — delete_min() splices out the leftmost node of a nonempty BST but forgets to free it: it is unreachable once the function returns; the rest is freed by repeated correct deletion */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct tnode {
    struct tnode *left;
    struct tnode *right;
    int data;
} Tree;

void insert(Tree **root, int d)
{
    Tree *n = malloc(sizeof(Tree));
    Tree *p;

    n->left = NULL;
    n->right = NULL;
    n->data = d;
    if (*root == NULL) {
        *root = n;
        return;
    }
    p = *root;
    while (1) {
        if (d < p->data) {
            if (p->left == NULL) { p->left = n; return; }
            p = p->left;
        } else {
            if (p->right == NULL) { p->right = n; return; }
            p = p->right;
        }
    }
}

Tree *delete_min(Tree *root, int do_free)
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
    if (do_free)
        free(m);
    return root;
}

int main(void)
{
    Tree *root = NULL;

    while (__VERIFIER_nondet_int())
        insert(&root, __VERIFIER_nondet_int());

    if (root != NULL)
        root = delete_min(root, 0);   /* BUG: the minimum is not freed */

    while (root != NULL)
        root = delete_min(root, 1);
    return 0;
}
