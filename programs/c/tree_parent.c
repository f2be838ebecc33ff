/* expected: memsafety=true, memcleanup=true, unreach-call=true — BST with parent pointers (three pointer fields): insertion sets the parent of the new node; a worklist walk checks child->parent == node and frees everything */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);

typedef struct tnode {
    struct tnode *left;
    struct tnode *right;
    struct tnode *parent;
    int data;
} Tree;

struct stack {
    struct stack *next;
    Tree *t;
};

void insert(Tree **root, int d)
{
    Tree *n = calloc(1, sizeof(Tree));
    Tree *p = *root, *par = NULL;

    n->data = d;
    while (p != NULL) {
        par = p;
        if (d < p->data)
            p = p->left;
        else
            p = p->right;
    }
    n->parent = par;
    if (par == NULL)
        *root = n;
    else if (d < par->data)
        par->left = n;
    else
        par->right = n;
}

int main(void)
{
    Tree *root = NULL, *n;
    struct stack *s = NULL, *c;

    while (__VERIFIER_nondet_int())
        insert(&root, __VERIFIER_nondet_int());

    if (root != NULL && root->parent != NULL)
        reach_error();
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
        if (n->left != NULL) {
            if (n->left->parent != n)
                reach_error();
            c = malloc(sizeof(struct stack));
            c->t = n->left;
            c->next = s;
            s = c;
        }
        if (n->right != NULL) {
            if (n->right->parent != n)
                reach_error();
            c = malloc(sizeof(struct stack));
            c->t = n->right;
            c->next = s;
            s = c;
        }
        free(n);
    }
    return 0;
}
