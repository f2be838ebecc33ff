/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — as sll_of_trees (list of random trees freed with an explicit stack), but a node with two children pushes only its left child, so the right subtree is lost */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct tnode { struct tnode *left, *right; };
struct forest { struct forest *next; struct tnode *tree; };
struct stk { struct stk *next; struct tnode *t; };

static struct tnode *leaf(void)
{
    struct tnode *n = malloc(sizeof(struct tnode));
    n->left = NULL;
    n->right = NULL;
    return n;
}

static struct tnode *grow(void)
{
    struct tnode *root = leaf();
    while (__VERIFIER_nondet_int()) {
        struct tnode *p = root;
        for (;;) {
            if (__VERIFIER_nondet_int()) {
                if (!p->left) { p->left = leaf(); break; }
                p = p->left;
            } else {
                if (!p->right) { p->right = leaf(); break; }
                p = p->right;
            }
        }
    }
    return root;
}

static struct stk *push(struct stk *s, struct tnode *t)
{
    struct stk *e = malloc(sizeof(struct stk));
    e->t = t;
    e->next = s;
    return e;
}

static void destroy(struct tnode *root)
{
    struct stk *s = push(NULL, root);
    while (s) {
        struct stk *e = s;
        struct tnode *t = e->t;
        s = e->next;
        free(e);
        if (t->left) s = push(s, t->left);
        else if (t->right) s = push(s, t->right);   /* right subtree dropped when both exist */
        free(t);
    }
}

int main(void)
{
    struct forest *f = NULL;
    while (__VERIFIER_nondet_int()) {
        struct forest *c = malloc(sizeof(struct forest));
        c->tree = grow();
        c->next = f;
        f = c;
    }
    while (f) {
        struct forest *nx = f->next;
        destroy(f->tree);
        free(f);
        f = nx;
    }
    return 0;
}
