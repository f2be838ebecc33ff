"""Stale pointer fields (tvla.cfront.dead_fields): a field no path reads again before its cell is
freed is forgotten after its last read, across a loop, or where every path frees the cell after
linking the value read elsewhere (a tree node whose child moves up to its parent); merge sort
over a list of sub-lists is proved with it (the stale ``next->slist`` made its abstraction explode past the time limit);
witnesses through a forgotten field stay C runs, but for lost memory; the generated program
embeds its concrete runs."""

import os
import subprocess
import sys

from tvla.cfront import ir
from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "programs", "c", "sll_of_sll_merge_sort.c")) as fh:
    MERGE_SORT = fh.read().replace("node->value > snext->value", "node->value CHECK snext->value")


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def forgotten(path):
    return [(e.pos.line, e.stmt.var, e.stmt.field) for e in lower_file(path).edges if isinstance(e.stmt, ir.Forget)]


def verdicts(path, concrete=False):
    [f] = verify_files([path], VerifyOptions(("memsafety", "memcleanup", "unreach-call"), concrete=concrete))
    return {p.name: p for p in f.properties}


def test_merge_sort_of_sub_lists_is_proved_sorted_and_safe(tmp_path):
    assert "CHECK" in MERGE_SORT
    path = write(tmp_path, "merge_sort.c", MERGE_SORT.replace("CHECK", ">"))
    # only next->slist, read as the second sub-list, then stale while the merge runs until free(next)
    assert [(v, f) for _, v, f in forgotten(path)] == [("next", "slist")]
    got = verdicts(path)
    assert {k: p.verdict for k, p in got.items()} == {"memsafety": "true", "memcleanup": "true",
                                                     "unreach-call": "true"}, [p.reason for p in got.values()]


def test_a_witness_through_a_forgotten_field_is_a_c_run(tmp_path):
    """Sortedness checked the wrong way round: reach_error is reachable; the witness passes the
    forgotten field, whose value no later step reads, so it is a run of C even without concrete runs."""
    path = write(tmp_path, "merge_sort_desc.c", MERGE_SORT.replace("CHECK", "<"))
    got = verdicts(path)
    assert got["unreach-call"].verdict == "false", got["unreach-call"].reason
    assert got["memsafety"].verdict == "true"


LOOP_THEN_FREE = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct cell { struct cell *inner; struct cell *next; };
int main(void) {
  struct cell *x = malloc(sizeof *x), *s, *y = NULL;
  x->inner = malloc(sizeof *x);
  x->inner->inner = NULL;
  x->inner->next = NULL;
  x->next = NULL;
  s = x->inner;
  while (__VERIFIER_nondet_int()) {
    struct cell *c = malloc(sizeof *c);
    c->next = y; c->inner = NULL; y = c;
  }
  READ
  free(x);
  free(s);
  while (y) { struct cell *t = y->next; free(y); y = t; }
  return 0;
}
"""


def test_a_field_read_again_through_any_cell_is_not_forgotten(tmp_path):
    """``inner`` is forgotten after ``s = x->inner`` only when no path reads an inner field (of any
    cell: aliases are not known) before free(x), and a loop lies between."""
    assert [(v, f) for _, v, f in forgotten(write(tmp_path, "a.c", LOOP_THEN_FREE.replace("READ", "")))] \
        == [("x", "inner")]
    again = LOOP_THEN_FREE.replace("READ", "if (y && y->inner) reach_error();")
    assert forgotten(write(tmp_path, "b.c", again)) == []
    no_loop = LOOP_THEN_FREE.replace("while (__VERIFIER_nondet_int())", "if (__VERIFIER_nondet_int())")
    assert forgotten(write(tmp_path, "c.c", no_loop.replace("READ", ""))) == []
    # without a loop, where s's cell is linked into a field before free(x): shared until then
    linked = no_loop.replace("READ", "if (y) y->inner = s;")
    assert [(v, f) for _, v, f in forgotten(write(tmp_path, "e.c", linked))] == [("x", "inner")]
    kept = LOOP_THEN_FREE.replace("READ", "").replace("  free(x);\n  free(s);\n", "  free(s);\n")
    assert forgotten(write(tmp_path, "d.c", kept)) == []   # x's cell is never freed: the field stays
    for name in ("a.c", "b.c"):
        got = verdicts(str(tmp_path / name))
        assert {k: p.verdict for k, p in got.items()} == {"memsafety": "true", "memcleanup": "true",
                                                         "unreach-call": "true"}, name


ONLY_THE_FIELD = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct cell { struct cell *inner; int d; };
int main(void) {
  struct cell *x = malloc(sizeof *x), *s;
  x->inner = malloc(sizeof *x);
  x->inner->inner = NULL;
  s = x->inner;
  while (__VERIFIER_nondet_int())
    s->d = 1;
  s = NULL;
  x->d = 2;
  reach_error();
  free(x);
  return 0;
}
"""


def test_a_cell_only_the_forgotten_field_reaches_is_no_c_leak(tmp_path):
    """After ``s = NULL`` only x's stale field reaches the inner cell: the analysis loses it there, C
    does not (reach_error() stops the program first).  That valid-memtrack alarm is not a false:
    memsafety is decided again without forgotten fields, and proved."""
    path = write(tmp_path, "only.c", ONLY_THE_FIELD)
    assert [(v, f) for _, v, f in forgotten(path)] == [("x", "inner")]
    assert not any(isinstance(e.stmt, ir.Forget) for e in lower_file(path, final_kills=False).edges)
    for concrete in (False, True):
        got = verdicts(path, concrete)
        assert got["memsafety"].verdict == "true", (concrete, got["memsafety"].reason)
        assert got["unreach-call"].verdict == "false"


def test_the_generated_merge_sort_embeds_its_concrete_runs(tmp_path):
    write(tmp_path, "merge_sort.c", MERGE_SORT.replace("CHECK", ">"))
    out = tmp_path / "out"
    r = subprocess.run([sys.executable, "-m", "tvla", "c2tvp", str(tmp_path / "merge_sort.c"), "-o", str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "Stale_next_slist" in (out / "merge_sort.tvp").read_text()
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", str(out / "merge_sort.tvp"),
                            str(out / "merge_sort.tvs"), "--runs", "20"], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr


RECURSIVE = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; };
struct list { struct node *slist; };
static void kill(struct node *d) { while (d) { struct node *t = d->next; free(d); d = t; } }
static void rec(struct list *x, int k) {
  struct node *d = x->slist;
  while (__VERIFIER_nondet_int()) { struct node *m = malloc(sizeof *m); m->next = d; d = m; }
  if (k > 0) { kill(d); rec(x, k - 1); return; }
  x->slist = d;
}
int main(void) {
  struct list *x = malloc(sizeof *x);
  x->slist = NULL;
  rec(x, __VERIFIER_nondet_int());
  struct node *d = x->slist;
  while (__VERIFIER_nondet_int()) { struct node *m = malloc(sizeof *m); m->next = d; d = m; }
  kill(d);
  free(x);
  return 0;
}
"""


def test_a_path_a_recursion_cut_ends_keeps_the_field(tmp_path):
    """The deepest inlined call of rec() reads x->slist, then its k > 0 branch calls rec again past the
    unrolling: the CFG ends there (a Spin), C goes on and reads x->slist again.  Only main's load,
    freed on every path, forgets it (a helper's probe, 2026-12-04: the cut counted as a good end)."""
    path = write(tmp_path, "rec.c", RECURSIVE)
    assert [(line, v) for line, v, _ in forgotten(path)] == [(16, "x")]


with open(os.path.join(ROOT, "programs", "c", "tree_delete_min_random_shape.c")) as fh:
    DELETE_MIN = fh.read()


def test_a_tree_node_freed_after_its_child_moved_up_is_proved(tmp_path):
    """``parent->left = m->right; free(m)``: between the two the subtree is shared (m->right, parent->left),
    and after free(m) the sharing predicate, recounted over the parents left in a summary node, stayed
    1/2: memtrack alarms on every later deletion, memsafety unknown at the time limit.  m->right is
    forgotten after its read (every path frees m's cell): the subtree is never shared."""
    path = write(tmp_path, "delete_min.c", DELETE_MIN)
    assert ("p", "right") in [(v, f) for _, v, f in forgotten(path)]   # m, coalesced with insert's p
    got = verdicts(path)
    assert {k: p.verdict for k, p in got.items()} == {"memsafety": "true", "memcleanup": "true",
                                                     "unreach-call": "true"}, [p.reason for p in got.values()]


def test_the_tree_deletion_embeds_its_concrete_runs(tmp_path):
    from conftest import assert_c_embeds
    assert assert_c_embeds(tmp_path, DELETE_MIN, ("memsafety", "memcleanup"), "--nodes", "4") > 0
