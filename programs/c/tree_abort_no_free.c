/* expected: memsafety=true, memcleanup=false, unreach-call=true — BST insertion that calls abort() on a duplicate key without freeing the tree (still reachable from root: no memtrack violation, but not cleaned up); without duplicates the tree is freed by repeated delete-min */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct tnode {
    struct tnode *left;
    struct tnode *right;
    int data;
} Tree;

Tree *root = NULL;

void insert(int d)
{
    Tree *p = root, *parent = NULL, *n;

    while (p != NULL) {
        if (d == p->data)
            abort();   /* duplicate key: give up, tree not freed */
        parent = p;
        if (d < p->data)
            p = p->left;
        else
            p = p->right;
    }
    n = malloc(sizeof(Tree));
    n->left = NULL;
    n->right = NULL;
    n->data = d;
    if (parent == NULL)
        root = n;
    else if (d < parent->data)
        parent->left = n;
    else
        parent->right = n;
}

int main(void)
{
    Tree *m, *parent;

    while (__VERIFIER_nondet_int())
        insert(__VERIFIER_nondet_int());

    while (root != NULL) {
        parent = NULL;
        m = root;
        while (m->left != NULL) {
            parent = m;
            m = m->left;
        }
        if (parent == NULL)
            root = m->right;
        else
            parent->left = m->right;
        free(m);
    }
    return 0;
}
