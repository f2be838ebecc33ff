/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — RECURSIVE tree destroy that recurses only into the left subtree: once a node with a right child is freed, that child is unreachable (recursion is unrolled three calls deep: the leak shows within them, with a witness; unreach-call stays unknown, the deeper calls are not followed) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct tnode {
    struct tnode *left;
    struct tnode *right;
    int data;
} Tree;

void destroy(Tree *t)
{
    if (t == NULL)
        return;
    destroy(t->left);
    /* BUG: destroy(t->right) is missing */
    free(t);
}

int main(void)
{
    Tree *root = NULL, *n, *p;

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

    destroy(root);
    return 0;
}
