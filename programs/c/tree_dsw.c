/* expected: memsafety=true, memcleanup=true, unreach-call=true — Deutsch-Schorr-Waite marking: an iterative traversal that reverses child pointers on the way down (tag says which one) and restores them on the way up; every node ends marked, the tree is intact, then freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct tnode {
    struct tnode *left;
    struct tnode *right;
    int mark;
    int tag;
} Tree;

void dsw(Tree *root)
{
    Tree *p = root, *q = NULL, *t;

    for (;;) {
        /* descend along left children, reversing them */
        while (p != NULL && p->mark == 0) {
            p->mark = 1;
            p->tag = 0;
            t = p->left;
            p->left = q;
            q = p;
            p = t;
        }
        /* climb while coming back from a right subtree */
        while (q != NULL && q->tag == 1) {
            t = q->right;
            q->right = p;
            p = q;
            q = t;
        }
        if (q == NULL)
            break;
        /* switch from the left subtree of q to its right subtree */
        t = q->left;
        q->left = p;
        q->tag = 1;
        p = q->right;
        q->right = t;
    }
}

int main(void)
{
    Tree *root = NULL, *n, *p, *l0, *r0;

    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(Tree));
        n->left = NULL;
        n->right = NULL;
        n->mark = 0;
        n->tag = 0;
        if (root == NULL) {
            root = n;
            continue;
        }
        p = root;
        while (1) {
            if (__VERIFIER_nondet_int()) {
                if (p->left == NULL) { p->left = n; break; }
                p = p->left;
            } else {
                if (p->right == NULL) { p->right = n; break; }
                p = p->right;
            }
        }
    }
    if (root == NULL)
        return 0;
    l0 = root->left;
    r0 = root->right;

    dsw(root);

    if (root->left != l0 || root->right != r0)
        reach_error();

    /* free: detach subtrees one at a time by walking to a leaf from the root */
    while (root != NULL) {
        if (root->mark != 1)
            reach_error();
        p = NULL;
        n = root;
        while (n->left != NULL || n->right != NULL) {
            p = n;
            if (n->left != NULL)
                n = n->left;
            else
                n = n->right;
        }
        if (n->mark != 1)
            reach_error();
        if (p == NULL)
            root = NULL;
        else if (p->left == n)
            p->left = NULL;
        else
            p->right = NULL;
        free(n);
    }
    return 0;
}
