/* expected: memsafety=true, memcleanup=true, unreach-call=true — a binary tree of nondet shape (each node added below a nondet walk) whose every node owns a payload cell of another struct type; freed leaf by leaf (walk down to a leaf, unlink it from its parent), each leaf's payload checked and freed first */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct payload {
    int tag;
};

struct tree {
    struct tree *left;
    struct tree *right;
    struct payload *data;
};

static struct tree *leaf(void)
{
    struct tree *t = malloc(sizeof(*t));
    t->left = NULL;
    t->right = NULL;
    t->data = malloc(sizeof(struct payload));
    t->data->tag = 1;
    return t;
}

int main(void)
{
    struct tree *root = leaf(), *n, *pred;

    while (__VERIFIER_nondet_int()) {
        n = root;
        while (n->left && n->right) {
            if (__VERIFIER_nondet_int())
                n = n->left;
            else
                n = n->right;
        }
        if (!n->left && __VERIFIER_nondet_int())
            n->left = leaf();
        if (!n->right && __VERIFIER_nondet_int())
            n->right = leaf();
    }

    while (root) {
        pred = NULL;
        n = root;
        while (n->left || n->right) {
            pred = n;
            if (n->left)
                n = n->left;
            else
                n = n->right;
        }
        if (pred) {
            if (n == pred->left)
                pred->left = NULL;
            else
                pred->right = NULL;
        } else
            root = NULL;
        if (n->data->tag != 1)
            reach_error();
        free(n->data);
        free(n);
    }
    return 0;
}
