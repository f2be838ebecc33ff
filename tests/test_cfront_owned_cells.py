"""Cells owned through a field to another struct type (a tree node's payload, a list cell's data
cell): reachability follows every field at once, so a summary of payloads may mix the payloads of
a node and of its children.  The rule that a cell reaching an unshared cell reaches that cell's
one parent (``Library._heap_declarations``) drops the focus that puts all of them below the
child: that structure describes no store, and the update of a later cut broke a definition on
it, so the analysis stopped (coerce-failed) and every verdict was unknown."""

import subprocess
import sys

from tvla.cfront.library import build_library, needs_of
from tvla.cfront.lower import lower_file
from tvla.cli.verify import write_translation
from conftest import corpus_verdicts


PROPERTIES = ("memsafety", "memcleanup", "unreach-call")
RULE = "%r t[all](v_1, v_3) & edge[all](v_2, v_3) & !is[all](v_3) & v_1 != v_3 ==> t[all](v_1, v_2)"

# loop-free: a root with two children, each node with its payload; the leaves cut off and freed
SMALL = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct payload { int tag; };
struct tree { struct tree *left, *right; struct payload *data; };
int main() {
  struct tree *root = malloc(sizeof(struct tree)), *n;
  root->left = NULL; root->right = NULL; root->data = malloc(sizeof(struct payload));
  if (__VERIFIER_nondet_int()) {
    n = malloc(sizeof(struct tree)); n->left = NULL; n->right = NULL;
    n->data = malloc(sizeof(struct payload)); root->left = n;
  }
  if (__VERIFIER_nondet_int()) {
    n = malloc(sizeof(struct tree)); n->left = NULL; n->right = NULL;
    n->data = malloc(sizeof(struct payload)); root->right = n;
  }
  n = root->left;
  if (n) { root->left = NULL; free(n->data); free(n); }
  n = root->right;
  if (n) { root->right = NULL; free(n->data); free(n); }
  free(root->data); free(root);
  return 0;
}
"""


def verdicts(name):
    return corpus_verdicts(name, timeout=60)


def test_a_tree_of_nodes_owning_payloads_freed_leaf_by_leaf_is_proved():
    got = verdicts("tree_leaf_destroy_owned_cells.c")
    assert {p: v.verdict for p, v in got.items()} == dict.fromkeys(PROPERTIES, "true"), got


def test_a_payload_left_behind_is_found():
    got = verdicts("tree_leaf_destroy_owned_cells_leak.c")
    assert got["memsafety"].verdict == "false" and got["memsafety"].violated == "valid-memtrack"
    assert got["memsafety"].witness and got["memcleanup"].verdict == "false"
    assert got["unreach-call"].verdict == "true", got["unreach-call"].reason


def test_the_rule_comes_with_fields_to_another_type_only(tmp_path):
    path = tmp_path / "small.c"
    path.write_text(SMALL)
    assert RULE in build_library(lower_file(str(path)), needs_of(PROPERTIES)).declarations()
    path.write_text(SMALL.replace("struct payload { int tag; };\n", "").replace("struct payload", "struct tree"))
    assert RULE not in build_library(lower_file(str(path)), needs_of(PROPERTIES)).declarations()


def test_the_structures_it_drops_describe_no_store(tmp_path):
    """Every concrete run of the loop-free program embeds in the analysis with the rule."""
    path = tmp_path / "small.c"
    path.write_text(SMALL)
    _, tvp, tvs = write_translation(lower_file(str(path)), PROPERTIES, str(tmp_path))
    assert RULE in open(tvp).read()
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", tvp, tvs, "--nodes", "2"],
                           capture_output=True, text=True)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr
