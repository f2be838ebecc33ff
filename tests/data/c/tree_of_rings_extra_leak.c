/* a cell never freed (memcleanup false: any run shows it), no reach_error (unreach-call true at once); the memsafety analysis of a tree whose nodes each own a ring runs for minutes (heap-manipulation tree_of_cslls as recalled) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct ring { struct ring *next; };
struct tree { struct tree *left; struct tree *right; struct ring *ring; };

int main(void)
{
    struct tree *root = malloc(sizeof(*root)), *n, *pred;
    struct ring *extra = malloc(sizeof(*extra));   /* never freed */
    root->left = NULL;
    root->right = NULL;
    root->ring = malloc(sizeof(struct ring));
    root->ring->next = root->ring;
    extra->next = NULL;

    while (__VERIFIER_nondet_int()) {
        n = root;
        while (n->left && n->right)
            n = __VERIFIER_nondet_int() ? n->left : n->right;
        struct tree *t = malloc(sizeof(*t));
        t->left = NULL;
        t->right = NULL;
        t->ring = malloc(sizeof(struct ring));
        t->ring->next = t->ring;
        while (__VERIFIER_nondet_int()) {
            struct ring *r = malloc(sizeof(struct ring));
            r->next = t->ring->next;
            t->ring->next = r;
        }
        if (!n->left)
            n->left = t;
        else
            n->right = t;
    }

    while (root) {
        pred = NULL;
        n = root;
        while (n->left || n->right) {
            pred = n;
            n = n->left ? n->left : n->right;
        }
        if (pred) {
            if (pred->left == n)
                pred->left = NULL;
            else
                pred->right = NULL;
        } else
            root = NULL;
        struct ring *p = n->ring->next;
        while (p != n->ring) {
            struct ring *q = p->next;
            free(p);
            p = q;
        }
        free(n->ring);
        free(n);
    }
    return 0;
}
