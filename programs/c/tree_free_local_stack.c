/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=true — a worklist tree destroy whose stack rests on a bottom cell that is a local struct; the pop loop frees every stack cell, the bottom one last, after all tree nodes and heap stack cells are freed */
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

struct stack *push(struct stack *s, Tree *t)
{
    struct stack *c = malloc(sizeof(struct stack));
    c->t = t;
    c->next = s;
    return c;
}

int main(void)
{
    Tree *root = NULL, *n, *p;
    struct stack bottom;
    struct stack *s, *c;

    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(Tree));
        n->left = NULL;
        n->right = NULL;
        n->data = 0;
        if (root == NULL) { root = n; continue; }
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

    bottom.next = NULL;
    bottom.t = NULL;
    s = push(&bottom, root);
    while (s != NULL) {
        c = s;
        s = s->next;
        n = c->t;
        free(c);   /* BUG: the last cell popped is &bottom */
        if (n != NULL) {
            if (n->left != NULL)
                s = push(s, n->left);
            if (n->right != NULL)
                s = push(s, n->right);
            free(n);
        }
    }
    return 0;
}
