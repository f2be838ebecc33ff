"""``-join ind`` stays small and fast: a pair of nodes that no joined side has
together is 0, and a quantifier does not doubt a node bound to a free variable
(docs/engine.md, the paragraph after the table of joins).  Before, the merged
universe grew with 1/2 values and focus split them without end: the analyses
below ran for minutes or hours.  Every result comes from running the analysis."""

import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT
from tvla.cli.api import selfcheck_files
from tvla.engine.join import JOINS
from tvla.logic import formula as F
from tvla.logic.kleene import HALF, TRUE
from tvla.logic.structure import spread

PROGRAMS = os.path.join(ROOT, "programs")

# x alone on a one-cell list, and y alone: no node of one has the name of a node of the other
X_CELL = """
%n = {u0}
%p = {
    x = {u0}
    r[n,x] = {u0}
    t[n] = {u0->u0}
}
"""
Y_CELL = X_CELL.replace("x", "y")


def test_spread_moves_each_node_of_a_side_to_its_union_position():
    # side nodes 0, 1, 3 are in the mask; they sit at union positions 4, 0 and 2
    assert spread(0b1011, [4, 0, 7, 2]) == 0b10101
    assert spread(0, [3, 1]) == 0


def test_a_pair_no_side_has_together_is_zero(sll):
    (a,) = sll.structures(X_CELL)
    (b,) = sll.structures(Y_CELL)
    merged = JOINS["ind"].merge(a, b, sll.voc.abs_unary)
    assert merged.n == 2 and merged.ma == merged.full  # each node is on one side only
    n, tn = sll.voc["n"], sll.voc["t[n]"]
    for u in range(2):
        for w in range(2):
            assert merged.binary(n.index, u, w) == 0
            assert merged.binary(tn.index, u, w) == (TRUE if u == w else 0)


def test_a_node_bound_to_a_free_variable_is_not_doubted(sll):
    # u0 (x) and u1 may not exist; t[n] from u0 to both
    (s,) = sll.structures("""
    %n = {u0, u1}
    %p = {
        ac = {u0:1/2, u1:1/2}
        x = {u0}
        n = {u0->u1}
        t[n] = {u0->u0, u0->u1, u1->u1}
    }
    """)
    reach = F.Exists(("v_1",), F.And(F.Atom("x", ("v_1",)), F.Atom("t[n]", ("v_1", "v"))))
    ev = sll.ev
    assert ev.vector(reach, "v", s) == (0b01, 0b10)   # 1 at u0 itself, 1/2 at u1 (u0 may be absent)
    assert ev.value(reach, s, {"v": 0}) == TRUE
    assert ev.value(reach, s, {"v": 1}) == HALF
    assert ev.value(F.Exists(("v",), F.Atom("x", ("v",))), s) == HALF  # closed: nothing is bound
    both = F.Exists(("v_1",), F.And(F.Atom("n", ("w", "v_1")), F.Atom("t[n]", ("v_1", "v"))))
    assert ev.value(both, s, {"w": 0, "v": 1}) == TRUE  # u1 is bound to v: it exists


def analyze_ind(directory: str, program: str, inp: str) -> str:
    """The terse report of ``tvla analyze PROGRAM INPUT -join ind`` (a hang guard, not a timing)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-m", "tvla", "analyze", program, inp, "-join", "ind", "-terse"],
                          cwd=os.path.join(PROGRAMS, directory), env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


# the structures and messages each run keeps: part of the contract of the join
@pytest.mark.parametrize("directory,program,inp,total,verdict", [
    ("sll", "delete.tvp", "list.tvs", "20 structures, 7 messages", "alarms (1 proved, 7 alarms, 0 unreached)"),
    ("dll", "insert.tvp", "two_lists.tvs", "20 structures, 7 messages", "alarms (4 proved, 7 alarms, 0 unreached)"),
    ("sorting", "bubble_sort.tvp", "sorted.tvs", "30 structures, 14 messages",
     "alarms (1 proved, 12 alarms, 0 unreached)"),
    ("sorting", "merge.tvp", "two_sorted.tvs", "35 structures, 18 messages",
     "alarms (4 proved, 16 alarms, 0 unreached)"),
    ("tree", "remove_min.tvp", "bst.tvs", "21 structures, 8 messages", "alarms (2 proved, 8 alarms, 0 unreached)"),
])
def test_ind_finishes_with_its_counts(directory, program, inp, total, verdict):
    out = analyze_ind(directory, program, inp)
    assert re.search(r"^Total: (.*)$", out, re.M).group(1) == total
    assert re.search(r"^Verdict: (.*)$", out, re.M).group(1) == verdict


@pytest.mark.parametrize("directory,program,inp", [
    ("sll", "delete", "list"), ("sorting", "merge", "two_sorted"), ("tree", "remove_min", "bst")])
def test_ind_results_embed_every_concrete_run(directory, program, inp):
    path = os.path.join(PROGRAMS, directory)
    lines, ok = selfcheck_files(os.path.join(path, program + ".tvp"), os.path.join(path, inp + ".tvs"),
                                nodes=3, runs=0, steps=200, join="ind")
    assert ok, "\n".join(lines)
    assert lines[-1] == "0 violations"
