"""A register (an int variable that holds data moving between cells) compared with a constant by
order (``x > 20``) gives the fields it holds the bound of that test (``x > 20`` is ``!(x < 21)``):
the test is exact through ``xlt[x,21]()``, a cell given x keeps it as ``lt[d,21]``, and a register
loaded from that cell gets it back.  A range kept on the data that a walk's minimum and maximum
then inherit (``min_max``, the style of SV-COMP's heap-data tasks) is proved."""

import pytest

from tvla.cfront import ir
from tvla.cfront.library import build_library, needs_of
from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files

PROGRAM = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef struct node { int val; struct node *next; } Node;
int main() {
  Node *p, *list = malloc(sizeof(*list));
  Node *tail = list;
  list->next = NULL;
  list->val = 10;
  while (__VERIFIER_nondet_int()) {
    int x = __VERIFIER_nondet_int();
    if (x < 10 || x > 20) continue;
    p = malloc(sizeof(*p));
    tail->next = p;
    p->next = NULL;
    p->val = x;
    tail = p;
  }
  int min = 2147483647, max = -2147483648;
  p = list;
  while (p) {
    if (p->val < min) min = p->val;
    if (p->val > max) max = p->val;
    p = p->next;
  }
  if (CHECK) reach_error();
  while (list) { p = list->next; free(list); list = p; }
  return 0;
}
"""


def write(tmp_path, check):
    path = tmp_path / "t.c"
    path.write_text(PROGRAM.replace("CHECK", check))
    return str(path)


def test_an_order_test_of_a_register_is_a_strict_bound_of_its_fields(tmp_path):
    lib = build_library(lower_file(write(tmp_path, "min < 10 || max > 20")), needs_of(["unreach-call"]))
    assert lib.bounds["val"] == (10, 21)
    assert 21 not in lib.keys.get("val", ())   # a bound only: no eq key beside 20's run
    declared = lib.declarations().splitlines()
    assert {f"%p {lib.xlt('min', 10)}", f"%p {lib.xlt('max', 21)}"} <= set(declared)


@pytest.mark.parametrize("op, c, bound", [
    ("<", 10, 10), ("<=", 10, 11), (">", 20, 21), (">=", 20, 20), ("==", 3, None), ("!=", 3, None),
])
def test_the_strict_bound_of_a_test(op, c, bound):
    assert ir.strict_bound(op, c, ir.IntRange(32, True)) == bound


def test_a_test_decided_by_the_type_has_no_bound():
    assert ir.strict_bound("<=", 2147483647, ir.IntRange(32, True)) is None
    assert ir.strict_bound("<", -2147483648, ir.IntRange(32, True)) is None
    assert ir.strict_bound("<", 0, ir.IntRange(32, False)) is None
    assert ir.strict_bound("<", 1, None) is None


@pytest.mark.parametrize("check, verdict", [
    ("min < 10 || max > 20", "true"),   # every datum lies in [10, 20], so do the extremes
    ("min > 10", "true"),               # the first cell holds 10
    # reachable (min is 10 on every run), but min = INT_MAX places min among the cells by 1/2
    # values (INT_MAX is no bound), which a witness may not take for a run of C: not false
    ("min < 11", "unknown"),
])
def test_the_extremes_of_a_walk_inherit_the_range_of_the_data(tmp_path, check, verdict):
    [f] = verify_files([write(tmp_path, check)], VerifyOptions(("unreach-call",), concrete=False))
    got = f.properties[0]
    assert got.verdict == verdict, got.reason


EVENTS = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef struct node { struct node *next; int event1; int event2; } Node;
int main() {
  Node *l = NULL;
  while (__VERIFIER_nondet_int()) {
    int ev1 = __VERIFIER_nondet_int(), ev2 = __VERIFIER_nondet_int();
    if (ev1 < 0 || ev1 > 1 || ev2 < 0 || ev2 > 3) continue;
    if ((ev1 == 0 && ev2 == 2) || (ev1 == 1 && ev2 == 3)) continue;
    Node *p = malloc(sizeof(*p));
    p->event1 = ev1; p->event2 = ev2; p->next = l; l = p;
  }
  for (Node *i = l; i; i = i->next)
    if ((i->event1 == 1 && i->event2 == 3) || (i->event1 == 0 && i->event2 == 2)) reach_error();
  while (l) { Node *t = l->next; free(l); l = t; }
  return 0;
}
"""


def test_a_register_equals_at_most_one_of_its_constants(tmp_path):
    """``xeq[x,0]`` and ``xeq[x,1]`` exclude each other: without the rule a test of ``x == 1``
    after ``x == 0`` kept both, and the store of x into a cell breached the cell's own rule
    (``eq[d,0] ==> !eq[d,1]``), which stopped the analysis (unknown)."""
    path = tmp_path / "events.c"
    path.write_text(EVENTS)
    lib = build_library(lower_file(str(path)), needs_of(["unreach-call"]))
    declared = lib.declarations().splitlines()
    assert f"%r {lib.xeq('ev1', 0)} ==> !{lib.xeq('ev1', 1)}" in declared
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call", "memsafety"), concrete=False))
    assert [(v.name, v.verdict) for v in f.properties] == [("unreach-call", "true"), ("memsafety", "true")], \
        [v.reason for v in f.properties]


def test_a_nondet_datum_whose_order_no_test_reads_is_exact(tmp_path):
    """A register only carries its datum into a cell and is tested against constants: no test reads
    the order of the data (``lib.observed`` is empty), so drawing it is exact though the field has
    several constants, and the pair (1, 2), never refused, is found with a witness."""
    path = tmp_path / "events.c"
    path.write_text(EVENTS.replace("i->event1 == 1 && i->event2 == 3", "i->event1 == 1 && i->event2 == 2"))
    cprog = lower_file(str(path))
    lib = build_library(cprog, needs_of(["unreach-call"]))
    assert "event1" in lib.ordered and not lib.observed
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",), concrete=False))
    got = f.properties[0]
    assert got.verdict == "false" and got.witness, got.reason


def test_a_register_compared_with_a_cell_makes_the_order_observed(tmp_path):
    path = tmp_path / "events.c"
    path.write_text(EVENTS.replace("i->event1 == 1 && i->event2 == 3", "i->event1 < ev1_last && i->event2 == 3")
                    .replace("for (Node *i = l;", "int ev1_last = __VERIFIER_nondet_int();\n  for (Node *i = l;"))
    lib = build_library(lower_file(str(path)), needs_of(["unreach-call"]))
    assert lib.observed == {"event1"}
