/* expected: memsafety=true, memcleanup=true, unreach-call=true — a key is inserted into a BST of nondet keys, find() must return a node holding it; the tree is freed with a worklist */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "tree_bst_find.c", 6, "reach_error"); }

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
    Tree *p = root;

    n->left = NULL;
    n->right = NULL;
    n->data = d;
    if (root == NULL)
        return n;
    for (;;) {
        if (d < p->data) {
            if (p->left == NULL) { p->left = n; return root; }
            p = p->left;
        } else {
            if (p->right == NULL) { p->right = n; return root; }
            p = p->right;
        }
    }
}

Tree *find(Tree *t, int k)
{
    while (t != NULL && t->data != k) {
        if (k < t->data)
            t = t->left;
        else
            t = t->right;
    }
    return t;
}

struct stack *push(struct stack *s, Tree *t)
{
    struct stack *c;

    if (t == NULL)
        return s;
    c = malloc(sizeof(struct stack));
    c->t = t;
    c->next = s;
    return c;
}

int main(void)
{
    Tree *root = NULL, *r, *n;
    struct stack *s, *c;
    int k = __VERIFIER_nondet_int();

    while (__VERIFIER_nondet_int())
        root = insert(root, __VERIFIER_nondet_int());
    root = insert(root, k);
    while (__VERIFIER_nondet_int())
        root = insert(root, __VERIFIER_nondet_int());

    r = find(root, k);
    if (r == NULL || r->data != k)
        reach_error();

    s = push(NULL, root);
    while (s != NULL) {
        c = s;
        n = s->t;
        s = s->next;
        free(c);
        s = push(s, n->left);
        s = push(s, n->right);
        free(n);
    }
    return 0;
}
