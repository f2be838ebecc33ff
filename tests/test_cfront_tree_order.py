"""The order of a tree node's datum against its children's, along each field and strictly
(``Library.orders``): ``inSROrder[d,left]`` (each left child below its node) and ``inOrder[d,right]``
(each right child not below it) keep a search tree's order through its summary nodes, so a destroy
that checks each node against its children is proved; with only the order along one field, not
strict, every such check was an alarm without a witness (unknown).  A list keeps its order along
its one field both ways and strictly too."""

import subprocess
import sys

from tvla.cfront.library import build_library, needs_of
from tvla.cfront.lower import lower_file
from tvla.cli.verify import write_translation
from conftest import c_verdicts, corpus_verdicts

STRICT = "%i inSROrder[data,left](v) = A(v_1) left(v, v_1) -> !dle[data](v, v_1) nonabs"
RIGHT = "%i inOrder[data,right](v) = A(v_1) right(v, v_1) -> dle[data](v, v_1) nonabs"

# loop-free: a root and up to two keys inserted below it, each node checked against its children
SMALL = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct tree { struct tree *left, *right; int data; };
struct tree *node(int d) {
  struct tree *n = malloc(sizeof(struct tree));
  n->left = NULL; n->right = NULL; n->data = d;
  return n;
}
void insert(struct tree *root, int d) {
  struct tree *p = root;
  while (1) {
    if (d < p->data) { if (!p->left) { p->left = node(d); return; } p = p->left; }
    else { if (!p->right) { p->right = node(d); return; } p = p->right; }
  }
}
void check(struct tree *n) {
  if (n->left && n->left->data >= n->data) reach_error();
  if (n->right && n->right->data < n->data) reach_error();
}
int main() {
  struct tree *root = node(__VERIFIER_nondet_int());
  if (__VERIFIER_nondet_int()) insert(root, __VERIFIER_nondet_int());
  if (__VERIFIER_nondet_int()) insert(root, __VERIFIER_nondet_int());
  check(root);
  if (root->left) { check(root->left); free(root->left->left); free(root->left->right); free(root->left); }
  if (root->right) { check(root->right); free(root->right->left); free(root->right->right); free(root->right); }
  free(root);
  return 0;
}
"""


def verdict(name, prop, concrete=True):
    return corpus_verdicts(name, (prop,), timeout=60, concrete=concrete)[prop]


def test_a_search_tree_checked_node_by_node_is_proved():
    got = verdict("tree_bst_insert.c", "unreach-call", concrete=False)
    assert got.verdict == "true", got.reason


def test_equal_keys_sent_left_are_found():
    got = verdict("tree_bst_insert_equal_left.c", "unreach-call")
    assert got.verdict == "false" and got.witness, got.reason


def test_the_order_along_each_field_comes_with_trees_only(tmp_path):
    path = tmp_path / "small.c"
    path.write_text(SMALL)
    declared = build_library(lower_file(str(path)), needs_of(["unreach-call"])).declarations().splitlines()
    assert STRICT in declared and RIGHT in declared
    # a list (one field to its own type): its order along that field only, both ways and strictly
    path.write_text(SMALL.replace("struct tree *left, *right;", "struct tree *left;").replace("right", "left"))
    declared = build_library(lower_file(str(path)), needs_of(["unreach-call"])).declarations()
    orders = sorted(line.split(" = ")[0] for line in declared.splitlines() if "Order[" in line)
    assert orders == [f"%i {k}Order[data,left](v)" for k in ("in", "inR", "inS", "inSR")]


# a list built strictly increasing (each new head below the old one) checked strictly increasing:
# without the strict order along the list (inSOrder) the check is an alarm without a witness
STRICT_LIST = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
struct node { struct node *next; int data; };
int main(void) {
    struct node *l = NULL, *p;
    int d;
    while (__VERIFIER_nondet_int()) {
        d = __VERIFIER_nondet_int();
        __VERIFIER_assume(l == NULL || d < l->data);
        p = malloc(sizeof(struct node));
        p->data = d;
        p->next = l;
        l = p;
    }
    for (p = l; p != NULL && p->next != NULL; p = p->next)
        if (p->data >= p->next->data)
            reach_error();
    while (l != NULL) {
        p = l;
        l = l->next;
        free(p);
    }
    return 0;
}
"""


def test_a_list_kept_strictly_increasing_is_proved(tmp_path):
    assert c_verdicts(tmp_path, STRICT_LIST, ("unreach-call",), concrete=False) == ("true",)
    # and the same list built non-strictly is found to break the check
    loose = STRICT_LIST.replace("d < l->data", "d <= l->data")
    assert c_verdicts(tmp_path, loose, ("unreach-call",)) == ("false",)


def test_the_structures_it_drops_describe_no_store(tmp_path):
    """Every concrete run of the loop-free program embeds in the analysis with the tree's orders."""
    path = tmp_path / "small.c"
    path.write_text(SMALL)
    _, tvp, tvs = write_translation(lower_file(str(path)), ("unreach-call",), str(tmp_path))
    assert STRICT in open(tvp).read().splitlines()
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", tvp, tvs, "--nodes", "2"],
                           capture_output=True, text=True)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr
