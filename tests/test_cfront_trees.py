"""Binary trees through tvla verify: the generated library keeps reachability precise on trees
(is[T] counts two fields of one cell, the forest rules, the cut of t[T] on shared cells), so a
BST built and freed by delete-min is proved and a false tree program is answered with its witness."""

import os

from tvla.cli.verify import VerifyOptions, verify_files

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# BST insertion (the side chosen nondeterministically) and repeated delete-min freeing every node
DELETE_MIN = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct tnode { struct tnode *left; struct tnode *right; } Tree;
int main(void)
{
    Tree *root = NULL, *n, *p, *q, *m;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(Tree));
        n->left = NULL;
        n->right = NULL;
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
    while (root != NULL) {
        q = NULL;
        m = root;
        while (m->left != NULL) { q = m; m = m->left; }
        if (q == NULL) root = m->right;
        else q->left = m->right;
        free(m);
    }
    return 0;
}
"""

# the same, but the minimum's right subtree is dropped instead of relinked
DELETE_MIN_LEAK = DELETE_MIN.replace("else q->left = m->right;", "else q->left = NULL;")


def verify(path, properties):
    [f] = verify_files([path], VerifyOptions(properties, concrete=False))
    return f


def test_a_bst_freed_by_delete_min_is_proved(tmp_path):
    path = tmp_path / "delete_min.c"
    path.write_text(DELETE_MIN)
    f = verify(str(path), ("memsafety", "memcleanup", "unreach-call"))
    assert [(p.name, p.verdict) for p in f.properties] == [
        ("memsafety", "true"), ("memcleanup", "true"), ("unreach-call", "true")]


def test_a_subtree_lost_by_delete_min_is_false(tmp_path):
    path = tmp_path / "delete_min_leak.c"
    path.write_text(DELETE_MIN_LEAK)
    f = verify(str(path), ("memsafety",))
    [p] = f.properties
    assert (p.verdict, p.violated) == ("false", "valid-memtrack")
    assert p.witness


def test_tree_null_deref_is_false_with_its_witness():
    f = verify(os.path.join(ROOT, "programs", "c", "tree_null_deref.c"), ("memsafety",))
    [p] = f.properties
    assert (p.verdict, p.violated) == ("false", "valid-deref")
    assert p.witness and p.witness[-1].pos.line == 15 and p.witness[-1].action == "t->left"
