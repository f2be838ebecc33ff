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
    [f] = verify_files([write(tmp_path, check)], VerifyOptions(("unreach-call",)))
    got = f.properties[0]
    assert got.verdict == verdict, got.reason
