"""Differences from the original TVLA found by running its example analyses
side by side (issue 22): one small analysis per difference, written for these
tests."""

from tvla import analyze
from tvla.engine.fixpoint import Analysis
from tvla.lang.tvp import load_program

EMPTY_TVS = "%n = {}\n%p = {\n}\n"

# ---------------------------------------------------------------- the visit order

# Two branches from L1; setting flag breaks the rule flag() ==> 0, so the coerce
# after the update stops the run on the first branch worked on.
BRANCHES = r"""
%p flag()
%r flag() ==> 0
%%
%action Skip() {
    %t "skip"
}
%action Set(l) {
    %t "set at " + l
    {
        flag() = 1
    }
}
%%
L1 Skip()    A1
L1 Skip()    B1
A1 Set(A1)   A2
B1 Set(B1)   B2
A2 Skip()    L1
"""


def test_visit_order_follows_the_branch_written_first(write):
    # TVLA's depth-first search takes the edges leaving a location from the last
    # written to the first, so in reverse post order the first branch comes first
    an = Analysis(load_program(write("order.tvp", BRANCHES)))
    assert an.order == ["L1", "A1", "A2", "B1", "B2"]
    assert Analysis(load_program(write("order.tvp", BRANCHES)), post_order=True).order == \
        ["B2", "B1", "A2", "A1", "L1"]


def test_a_run_that_stops_early_has_worked_on_the_first_branch(write):
    r = analyze(write("order.tvp", BRANCHES), write("order.tvs", EMPTY_TVS))
    assert r.limit_hit == "coerce-failed"
    assert [(m.location, m.text) for m in r.messages] == [
        ("A1", "coerce after update failed: constraint breached: flag() ==> 0")]
    # B1 holds what L1 passed on, but was not worked on before the stop
    assert len(r.locations["B1"]) == 1 and not r.locations["B2"]
