/* expected: memsafety=true, memcleanup=true, unreach-call=true — a binary tree of nondet shape (each node added at the end of a nondet left/right walk) is freed without recursion, with an explicit stack list of pending subtrees */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
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

void destroy(Tree *root)
{
    struct stack *s = NULL, *c;
    Tree *n;

    if (root == NULL)
        return;
    s = malloc(sizeof *s);
    s->t = root;
    s->next = NULL;
    while (s != NULL) {
        c = s;
        s = s->next;
        n = c->t;
        free(c);
        if (n->data != 1)
            reach_error();
        if (n->left != NULL) {
            c = malloc(sizeof *c);
            c->t = n->left;
            c->next = s;
            s = c;
        }
        if (n->right != NULL) {
            c = malloc(sizeof *c);
            c->t = n->right;
            c->next = s;
            s = c;
        }
        free(n);
    }
}

int main(void)
{
    Tree *root = NULL, *n, *p;

    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof *n);
        n->left = NULL;
        n->right = NULL;
        n->data = 1;
        if (root == NULL) {
            root = n;
            continue;
        }
        p = root;
        for (;;) {
            if (__VERIFIER_nondet_bool()) {
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
