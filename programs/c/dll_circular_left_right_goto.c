/* expected: memsafety=true, memcleanup=true, unreach-call=true — a circular list linked both ways under the names left and right (no prev or next), built after a head cell and walked with gotos checking n->left->right == n and n->right->left == n; freed along left */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct node { int val; struct node *left; struct node *right; } node_t;

int main(void)
{
    node_t *h = malloc(sizeof(node_t));
    h->val = 0;
    h->left = h;
    h->right = h;
    node_t *n;
grow:
    if (!__VERIFIER_nondet_int())
        goto check;
    n = malloc(sizeof(node_t));
    n->val = 1;
    n->right = h->right;
    n->left = h;
    h->right->left = n;
    h->right = n;
    goto grow;
check:
    n = h->right;
loop:
    if (n == h)
        goto destroy;
    if (n->left->right != n || n->right->left != n)
        reach_error();
    if (n->val != 1)
        reach_error();
    n = n->right;
    goto loop;
destroy:
    n = h->left;
    while (n != h) {
        node_t *l = n->left;
        free(n);
        n = l;
    }
    free(h);
    return 0;
}
