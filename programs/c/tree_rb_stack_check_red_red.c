/* expected: memsafety=true, memcleanup=false, unreach-call=false — as tree_rb_stack_check, but a RED child may be given to a RED parent: the check calls reach_error, which aborts with the tree and stack allocated */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }

#define RED 0
#define BLACK 1
struct TNode { struct TNode *left; struct TNode *right; int colour; };
struct Stack { struct Stack *next; struct TNode *node; };

int main(void)
{
    struct TNode *root = malloc(sizeof(struct TNode)), *n, *c;
    struct Stack *s, *st;
    root->left = NULL;
    root->right = NULL;
    root->colour = BLACK;
    while (__VERIFIER_nondet_int()) {
        n = root;
        while (n->left && n->right)
            n = __VERIFIER_nondet_int() ? n->left : n->right;
        c = malloc(sizeof(struct TNode));
        c->left = NULL;
        c->right = NULL;
        if (__VERIFIER_nondet_int())
            c->colour = BLACK;
        else
            c->colour = RED;
        if (!n->left)
            n->left = c;
        else
            n->right = c;
    }

    s = malloc(sizeof(struct Stack));
    s->next = NULL;
    s->node = root;
    while (s) {
        st = s;
        s = s->next;
        n = st->node;
        free(st);
        if (n->left) {
            if (n->colour == RED && n->left->colour == RED)
                reach_error();
            st = malloc(sizeof(struct Stack));
            st->next = s;
            st->node = n->left;
            s = st;
        }
        if (n->right) {
            if (n->colour == RED && n->right->colour == RED)
                reach_error();
            st = malloc(sizeof(struct Stack));
            st->next = s;
            st->node = n->right;
            s = st;
        }
        free(n);
    }
    return 0;
}
