/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — the tree (root always allocated) is freed by a worklist destroy(), then main clears root->left through the dangling root; nothing is allocated any more then */
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

void destroy(Tree *root)
{
    struct stack *s = NULL, *c;
    Tree *n;

    s = malloc(sizeof(struct stack));
    s->t = root;
    s->next = NULL;
    while (s != NULL) {
        c = s;
        s = s->next;
        n = c->t;
        free(c);
        if (n == NULL)
            continue;
        c = malloc(sizeof(struct stack));
        c->t = n->left;
        c->next = s;
        s = c;
        c = malloc(sizeof(struct stack));
        c->t = n->right;
        c->next = s;
        s = c;
        free(n);
    }
}

int main(void)
{
    Tree *root, *n, *p;

    root = malloc(sizeof(Tree));
    root->left = NULL;
    root->right = NULL;
    root->data = 0;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(Tree));
        n->left = NULL;
        n->right = NULL;
        n->data = 0;
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

    destroy(root);
    root->left = NULL;   /* BUG: root was freed by destroy() */
    return 0;
}
