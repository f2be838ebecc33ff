/* expected: memsafety=true, memcleanup=true, unreach-call=true — a binary tree grown by random descent while made counts its nodes, destroyed through an explicit stack of pending subtrees (a list of stack cells) while freed counts the nodes freed; the counts agree */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct tree { struct tree *left, *right; };
struct stk { struct stk *next; struct tree *t; };

static void push(struct stk **s, struct tree *t)
{
    struct stk *c = malloc(sizeof *c);
    c->t = t;
    c->next = *s;
    *s = c;
}

int main(void)
{
    struct tree *root = NULL;
    int made = 0;
    while (__VERIFIER_nondet_int()) {
        struct tree *n = malloc(sizeof *n);
        n->left = NULL;
        n->right = NULL;
        made++;
        if (root == NULL) { root = n; continue; }
        struct tree *p = root;
        while (1) {
            if (__VERIFIER_nondet_int()) {
                if (!p->left) { p->left = n; break; }
                p = p->left;
            } else {
                if (!p->right) { p->right = n; break; }
                p = p->right;
            }
        }
    }
    int freed = 0;
    struct stk *s = NULL;
    if (root) push(&s, root);
    while (s != NULL) {
        struct stk *c = s;
        struct tree *t = c->t;
        s = c->next;
        free(c);
        if (t->left) push(&s, t->left);
        if (t->right) push(&s, t->right);
        free(t);
        freed++;
    }
    if (freed != made)
        reach_error();
    return 0;
}
