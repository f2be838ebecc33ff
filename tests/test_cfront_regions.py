"""A value chosen once and compared with constants (``assume(x > 0)``) that is also written into
cells keeps both: a flag over its regions between the constants makes the tests of it exact, and a
cell given it takes its region as eq keys and bounds of the field (tvla.cfront.library._regions),
so that ``if (p->d <= 0)`` on such a cell is decided.  Two such values in one field, or an
ordered field, get the constants of both as bounds, with rules that keep the cells' order and
eq keys consistent with the regions (Library._region_rules, Library._bound_rules)."""

import subprocess
import sys

import pytest

from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files, write_translation

HEAD = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
struct node { struct node *next; int d; };
struct node *push(struct node *l, int v) {
  struct node *p = malloc(sizeof(struct node));
  p->d = v; p->next = l; return p;
}
void destroy(struct node *l) {
  while (l) { struct node *q = l->next; free(l); l = q; }
}
"""

ALL = ("memsafety", "memcleanup", "unreach-call")


def write(tmp_path, body, name="t.c"):
    path = tmp_path / name
    path.write_text(HEAD + "int main(void) { struct node *l = NULL, *q; " + body + " destroy(l); return 0; }\n")
    return str(path)


def verdict(path, prop="unreach-call"):
    [f] = verify_files([path], VerifyOptions((prop,)))
    return f.properties[0]


WALK = "q = l; while (q) { if (%s) reach_error(); q = q->next; }"


@pytest.mark.parametrize("body, expected", [
    # every cell holds x > 0
    ("int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 0); while (__VERIFIER_nondet_int()) l = push(l, x);"
     + WALK % "q->d <= 0", "true"),
    ("int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > -1); while (__VERIFIER_nondet_int()) l = push(l, x);"
     + WALK % "q->d <= 0", "false"),
    # x and the constant 5 in one list: a cell equal to 5 is x only when x is 5
    ("int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x < 5); l = push(l, 5); l = push(l, x);"
     + WALK % "q->d == 5 && q->next != NULL", "true"),
    ("int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x <= 5); l = push(l, 5); l = push(l, x);"
     + WALK % "q->d == 5 && q->next != NULL", "false"),
    # two values chosen once on either side of 0 never meet in a cell
    ("int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 0);"
     "__VERIFIER_assume(y < 0); l = push(l, x); l = push(l, y);" + WALK % "q->d == x && q->next == NULL && "
     "l->d == x", "true"),
    ("int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int(); __VERIFIER_assume(x >= 0);"
     "__VERIFIER_assume(y <= 0); l = push(l, x); l = push(l, y);" + WALK % "q->d == x && q->next == NULL && "
     "l->d == x", "false"),
])
def test_a_value_chosen_once_keeps_its_region_in_the_cells(tmp_path, body, expected):
    got = verdict(write(tmp_path, body))
    assert got.verdict == expected, got.reason
    assert bool(got.witness) == (expected == "false")


LOOP_OF_FIVES = "while (__VERIFIER_nondet_int()) l = push(l, 5); int x = __VERIFIER_nondet_int();"


@pytest.mark.parametrize("assumption, expected", [("x > 7", "true"), ("x > 3", "false"), ("x != 5", "true")])
def test_cells_given_a_constant_before_the_value_is_chosen(tmp_path, assumption, expected):
    """Cells given 5 before x is chosen: a cell is x's exactly when x is 5.  The write decided the
    cell's eq[d,x] by x's flag before the choice, which the choice did not change: x > 3 was proved
    though x may be 5 (a wrong true); the choice making it unknown without 5 as a key of d let a
    witness take a 5 for an x > 7 (a wrong false).  Now 5 is a key of d and the choice leaves the
    rest to the region rules."""
    got = verdict(write(tmp_path, LOOP_OF_FIVES + f"__VERIFIER_assume({assumption});" + WALK % "q->d == x"))
    assert got.verdict == expected, got.reason
    assert bool(got.witness) == (expected == "false")


@pytest.mark.parametrize("assumption, expected", [("x > 0", "false"), ("x < 0", "true"), ("x <= 0", "true"), ("x >= 0", "false")])
def test_an_ordered_field_orders_a_region_against_constants(tmp_path, assumption, expected):
    """d is ordered (two cells compared), so its bounds order x's cell against the cell of 0."""
    body = (f"int x = __VERIFIER_nondet_int(); __VERIFIER_assume({assumption}); l = push(l, 0); l = push(l, x);"
            "if (l->d > l->next->d) reach_error();")
    got = verdict(write(tmp_path, body))
    assert got.verdict == expected, got.reason


def test_the_region_flag_and_the_bounds_are_generated(tmp_path):
    body = ("int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 0); l = push(l, x);"
            + WALK % "q->d <= 0")
    tr, _tvp, _tvs = write_translation(lower_file(write(tmp_path, body)), ALL, str(tmp_path))
    flags = [line for line in tr.tvp.splitlines() if line.startswith("%p val[x,")]
    assert flags == ["%p val[x,$m1]()", "%p val[x,$0]()", "%p val[x,$1]()"]
    assert "%p lt[d,$0](v)" in tr.tvp
    assert "%r !val[x,$m1]() & eq[d,x](v) ==> !lt[d,$0](v)" in tr.tvp


def test_a_value_compared_with_a_constant_of_another_type_has_no_regions(tmp_path):
    body = ("int x = __VERIFIER_nondet_int(); if (x < 3u) { l = push(l, x);"
            + WALK % "q->d < 0" + "}")
    got = verdict(write(tmp_path, body))
    assert got.verdict == "unknown", got.reason


E1 = ("int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 0 && x < 3);"
      "__VERIFIER_assume(y > 1); l = push(l, x); l = push(l, y); l = push(l, 2);"
      + WALK % "q->d == y && q->next && q->next->d < 2")
E2 = ("int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 0); l = push(l, 0); l = push(l, x);"
      "l = push(l, __VERIFIER_nondet_int()); if (l->d > l->next->d && l->next->d > l->next->next->d) reach_error();")


@pytest.mark.parametrize("body", [E1, E2])
def test_the_regions_embed_their_concrete_runs(tmp_path, body):
    """push's parameter is a register given constants and both values chosen once: its keys and
    bounds come from their regions."""
    _tr, tvp, tvs = write_translation(lower_file(write(tmp_path, body)), ALL, str(tmp_path))
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", tvp, tvs, "--nodes", "2"],
                           capture_output=True, text=True, timeout=120)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr


@pytest.mark.parametrize("body", [E1, E2])
def test_a_register_given_constants_and_regions_finds_the_call(tmp_path, body):
    """x = 1, y = 2 reaches the call in E1; x = 1 and a smaller third datum in E2."""
    got = verdict(write(tmp_path, body))
    assert got.verdict == "false" and got.witness, got.reason
