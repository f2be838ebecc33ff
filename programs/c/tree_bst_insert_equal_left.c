/* expected: memsafety=true, memcleanup=false, unreach-call=false — as tree_bst_insert.c, but a key equal to a node's goes to its left: a key inserted twice makes a left child not below its parent, which the destroy checks (reach_error aborts with the tree allocated) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct tnode {
    struct tnode *left;
    struct tnode *right;
    int data;
} Tree;

struct stack {
    struct stack *next;
    Tree *t;
};

Tree *insert(Tree *root, int d)
{
    Tree *n = malloc(sizeof(Tree));
    Tree *p;

    n->left = NULL;
    n->right = NULL;
    n->data = d;
    if (root == NULL)
        return n;
    p = root;
    while (1) {
        if (d <= p->data) {
            if (p->left == NULL) {
                p->left = n;
                break;
            }
            p = p->left;
        } else {
            if (p->right == NULL) {
                p->right = n;
                break;
            }
            p = p->right;
        }
    }
    return root;
}

int main(void)
{
    Tree *root = NULL, *n;
    struct stack *s = NULL, *c;

    while (__VERIFIER_nondet_int())
        root = insert(root, __VERIFIER_nondet_int());

    if (root != NULL) {
        s = malloc(sizeof(struct stack));
        s->t = root;
        s->next = NULL;
    }
    while (s != NULL) {
        c = s;
        s = s->next;
        n = c->t;
        free(c);
        if (n->left != NULL && n->left->data >= n->data)
            reach_error();
        if (n->right != NULL && n->right->data < n->data)
            reach_error();
        if (n->left != NULL) {
            c = malloc(sizeof(struct stack));
            c->t = n->left;
            c->next = s;
            s = c;
        }
        if (n->right != NULL) {
            c = malloc(sizeof(struct stack));
            c->t = n->right;
            c->next = s;
            s = c;
        }
        free(n);
    }
    return 0;
}
