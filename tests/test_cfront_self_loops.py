"""A field set to its own cell beside the list field (SV-COMP forester-heap ``sll-optional``:
a data-0 cell's ``opt`` is the cell itself, a data-1 cell's a fresh cell of its own).

Such a self-loop put every data-0 cell on a cycle of ``edge[all]`` (``c[all]``) and made it
shared (``is[all]``), so every cut recomputed the closure and a list of such cells lost its
order; and on a summary node the binary ``opt`` edge was 1/2, so the walk could not tell a
self-loop from an edge to another cell or NULL.  The library now leaves a self-loop of such a
field out of ``edge[all]`` and keeps it, and whether the field is set, in the unary
``self[f](v)`` and ``nn[f](v)`` (tvla.cfront.library, ``Library.loops``)."""

import subprocess
import sys

from tvla.cfront.library import build_library, needs_of
from tvla.cfront.lower import lower_file
from tvla.cli.verify import write_translation
from conftest import c_verdicts, corpus_verdicts


PROPERTIES = ("memsafety", "memcleanup", "unreach-call")

# loop-free, every use of a self-loop: set, moved to another cell, tested, cut, freed with its cell
SMALL = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; struct node *opt; };
int main() {
  struct node *a = malloc(sizeof(struct node));
  struct node *b = malloc(sizeof(struct node));
  struct node *c;
  a->next = b; b->next = NULL; a->opt = a; b->opt = NULL;
  if (__VERIFIER_nondet_int()) b->opt = b;
  else if (__VERIFIER_nondet_int()) b->opt = a;
  if (__VERIFIER_nondet_int()) a->opt = b;
  c = b->opt;
  if (c == b) b->opt = NULL;
  if (__VERIFIER_nondet_int()) b->next = a;
  a->next = NULL;
  c = a->opt;
  if (c != a) free(b);
  free(a);
  return 0;
}
"""


def verdicts(name):
    return corpus_verdicts(name, timeout=60)


def test_sll_optional_is_proved():
    got = verdicts("sll_optional.c")
    assert {p: v.verdict for p, v in got.items()} == dict.fromkeys(PROPERTIES, "true"), got


def test_dll_optional_is_proved():
    got = verdicts("dll_optional.c")
    assert {p: v.verdict for p, v in got.items()} == dict.fromkeys(PROPERTIES, "true"), got


def test_a_data_1_cell_that_points_to_itself_reaches_the_error():
    got = verdicts("sll_optional_self_opt.c")
    assert got["unreach-call"].verdict == "false" and got["unreach-call"].witness, got["unreach-call"].reason
    assert got["memcleanup"].verdict == "false"
    assert got["memsafety"].verdict == "true", got["memsafety"].reason


def test_only_a_field_set_to_its_own_cell_gets_the_self_predicates(tmp_path):
    path = tmp_path / "small.c"
    path.write_text(SMALL)
    lib = build_library(lower_file(str(path)), needs_of(PROPERTIES))
    assert lib.loops == frozenset({"opt"})
    decls = lib.declarations()
    assert "%i self[opt](v) = opt(v, v)" in decls and "%i nn[opt](v) = E(v_1) opt(v, v_1)" in decls
    assert "(opt(v_1, v_2) & v_1 != v_2)" in decls
    path.write_text(SMALL.replace("a->opt = a;", "a->opt = b;").replace("b->opt = b;", "b->opt = a;"))
    lib = build_library(lower_file(str(path)), needs_of(PROPERTIES))
    assert not lib.loops and "self[" not in lib.declarations()


def test_the_self_loop_updates_embed_the_concrete_runs(tmp_path):
    path = tmp_path / "small.c"
    path.write_text(SMALL)
    _, tvp, tvs = write_translation(lower_file(str(path)), PROPERTIES, str(tmp_path))
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", tvp, tvs, "--nodes", "2"],
                           capture_output=True, text=True)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr


RINGS = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct ring { struct ring *next; int data; };
struct tree { struct tree *left, *right; struct ring *list; };
struct tree *new_node(void) {
  struct tree *n = malloc(sizeof(*n));
  n->left = NULL;
  n->right = NULL;
  n->list = malloc(sizeof(struct ring));
  n->list->next = n->list;
  n->list->data = 1;
  return n;
}
int main() {
  struct tree *root = new_node(), *n;
  while (__VERIFIER_nondet_int()) {
    n = root;
    while (n->left && n->right) n = __VERIFIER_nondet_int() ? n->left : n->right;
    if (!n->left && __VERIFIER_nondet_int()) n->left = new_node();
    if (!n->right && __VERIFIER_nondet_int()) n->right = new_node();
  }
  while (root) {
    struct tree *pred = NULL;
    n = root;
    while (n->left || n->right) { pred = n; n = n->left ? n->left : n->right; }
    if (pred) { if (n == pred->left) pred->left = NULL; else pred->right = NULL; } else root = NULL;
    struct ring *l = n->list->next;
    while (l != n->list) { struct ring *t = l->next; free(l); l = t; }
    FREE
    free(n);
  }
  return 0;
}
"""


def test_a_field_set_to_the_cell_the_same_expression_reads_is_a_self_loop(tmp_path):
    # n->list->next = n->list: one load of n->list for the place and the value, so the store is
    # p->f = p (self[next]); with two loads the ring of each tree node ran past the time limit
    path = tmp_path / "rings.c"
    path.write_text(RINGS.replace("FREE", "free(n->list);"))
    prog = lower_file(str(path))
    assert any(e.stmt.__class__.__name__ == "Store" and e.stmt.field == "next" and e.stmt.dst == e.stmt.src
               for e in prog.edges)
    assert build_library(prog, needs_of(PROPERTIES)).loops == frozenset({"next"})
    got = c_verdicts(tmp_path, RINGS.replace("FREE", "free(n->list);"), PROPERTIES, concrete=False)
    assert got == ("true", "true", "true")
    # the ring's cell left allocated is found
    assert c_verdicts(tmp_path, RINGS.replace("FREE", ""), PROPERTIES, concrete=False) == \
        ("false (valid-memtrack)", "false", "true")
