"""An int value chosen once and ordered against the cells' data (quicksort's pivot) is a register
given its value once: the order of every cell against it is kept, and its copies (a parameter
that always receives it) read it itself (tvla.cfront.intvars).  A cell written from a register
while another register is live gets an unknown order against that one: an over-approximation
(the two may hold copies of one value), so no witness through it is taken for a run of C
(tvla.cfront.library.set_data_from_register)."""

import os
import subprocess
import sys

import pytest

from tvla.cfront.lower import lower_file
from tvla.cli.verify import write_translation
from conftest import c_verdicts, corpus_verdicts


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "programs", "c")
ALL = ("memsafety", "memcleanup", "unreach-call")


def verdicts(name, *props):
    return corpus_verdicts(name, props or ALL)


@pytest.mark.parametrize("name, expected", [
    ("sll_partition_pivot.c", "true"),
    ("sll_partition_pivot_helpers.c", "true"),
    ("sll_partition_pivot_le.c", "false"),
])
def test_a_partition_around_a_pivot_is_checked_against_it(name, expected):
    got = verdicts(name, "unreach-call")["unreach-call"]
    assert got.verdict == expected, got.reason
    assert bool(got.witness) == (expected == "false")


def test_the_pivot_and_its_copies_are_one_register(tmp_path):
    tr, _tvp, _tvs = write_translation(lower_file(os.path.join(CORPUS, "sll_partition_pivot_helpers.c")),
                                       ALL, str(tmp_path))
    registers = [line for line in tr.tvp.splitlines() if line.startswith("%p rle[")]
    assert registers == ["%p rle[data,pivot](v) nonabs"]
    assert "eq[data,pivot]" not in tr.tvp


def test_a_datum_copied_between_registers_keeps_their_order():
    """``b = a; p->data = b; if (p->data < a) reach_error();``: a copy between two registers that
    hold one field pairs them (``rr[data,a,b]``, tvla.cfront.library), so the cell written from b
    is known to equal a and the call is unreachable."""
    got = verdicts("sll_register_copy.c", "unreach-call")["unreach-call"]
    assert got.verdict == "true", got.reason


COPY_THEN_CHOSEN = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
int main(void) {
  struct node *p = malloc(sizeof(*p));
  p->data = __VERIFIER_nondet_int();
  int a = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) a = p->data;
  int b = a;
  if (__VERIFIER_nondet_int()) b = __VERIFIER_nondet_int();
  p->data = b;
  if (p->data < a) reach_error();
  free(p);
  return 0;
}
"""


def test_a_register_chosen_again_after_the_copy_is_not_proved(tmp_path):
    """The same with b chosen again on one path: b may lie below a, so the call is reachable, and
    the witness search finds a run of C that calls it (b = 0, a = 1)."""
    assert c_verdicts(tmp_path, COPY_THEN_CHOSEN, ("unreach-call",)) == ("false",)
    src = COPY_THEN_CHOSEN.replace("  if (__VERIFIER_nondet_int()) b = __VERIFIER_nondet_int();\n", "")
    assert c_verdicts(tmp_path, src, ("unreach-call",)) == ("true",)


def test_the_partition_program_embeds_its_concrete_runs(tmp_path):
    _tr, tvp, tvs = write_translation(lower_file(os.path.join(CORPUS, "sll_partition_pivot.c")),
                                      ALL, str(tmp_path))
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", tvp, tvs, "--nodes", "3"],
                           capture_output=True, text=True)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr
