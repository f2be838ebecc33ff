/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=true — a BST of nondet keys is freed by repeated delete-min while a counter counts the nodes; at the end main calls free(&count) instead of resetting it: the address of an int variable is not a heap pointer; the tree is empty then */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct tnode {
    struct tnode *left;
    struct tnode *right;
    int key;
} Tree;

int main(void)
{
    Tree *root = NULL, *n, *p, *parent;
    int count = 0;

    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(Tree));
        n->key = __VERIFIER_nondet_int();
        n->left = NULL;
        n->right = NULL;
        if (root == NULL) {
            root = n;
            continue;
        }
        p = root;
        while (1) {
            if (n->key < p->key) {
                if (p->left == NULL) { p->left = n; break; }
                p = p->left;
            } else {
                if (p->right == NULL) { p->right = n; break; }
                p = p->right;
            }
        }
    }

    while (root != NULL) {
        parent = NULL;
        p = root;
        while (p->left != NULL) {
            parent = p;
            p = p->left;
        }
        if (parent == NULL)
            root = p->right;
        else
            parent->left = p->right;
        free(p);
        count++;
    }
    free(&count);   /* BUG: meant count = 0 */
    return 0;
}
