"""Differences from the original TVLA found by running its example analyses
side by side (issue 22): one small analysis per difference, written for these
tests."""

import pytest

from tvla import analyze
from tvla.engine.fixpoint import Analysis
from tvla.errors import TvlaError
from tvla.lang.tvp import load_program
from tvla.logic.kleene import FALSE, TRUE

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


# ---------------------------------------------------------------- %param inside an action

# TVLA binds an action's `%param name in Set` to the first member of the set (the
# decomposition engine covers the other members by symmetry); the name is then
# substituted wherever it occurs, also in predicate names and texts.
PARAM = r"""
%s Threads {t1, t2}
foreach (t in Threads) {
    %p t(v) unique
    %p at[t](v)
}
%%
%action step(loc) {
    %param me in Threads
    %param other in Threads - {me}
    %t loc + ": step [" + me + "], then " + other
    %p E(v) me(v) & at[me](v)
    {
        at[me](v) = 0
        foreach (t in Threads - {me}) {
            at[t](v) = at[t](v) | other(v)
        }
    }
}
%%
L0 step(L0) L1
"""

THREADS_TVS = "%n = {a, b}\n%p = {\n    t1 = {a}\n    t2 = {b}\n    at[t1] = {a}\n}\n"


def test_action_param_is_the_first_member_of_its_set(write):
    prog = load_program(write("param.tvp", PARAM))
    action = prog.edges[0].action
    assert action.title == "L0: step [t1], then t2"
    assert str(action.precondition) == "E(v) (t1(v) & at[t1](v))"
    assert set(action.updates) == {"at[t1]", "at[t2]"}
    r = analyze(write("param.tvp", PARAM), write("param.tvs", THREADS_TVS))
    (s,) = r.locations["L1"]
    voc = r.voc
    (u2,) = [u for u in range(s.n) if s.value(voc["t2"], (u,)) == TRUE]
    assert [u for u in range(s.n) if s.value(voc["at[t2]"], (u,)) != FALSE] == [u2]
    assert all(s.value(voc["at[t1]"], (u,)) == FALSE for u in range(s.n))


def test_action_param_over_an_empty_set_is_an_error(write):
    bad = PARAM.replace("%param other in Threads - {me}", "%param other in Threads - Threads")
    with pytest.raises(TvlaError, match=r"param.tvp:\d+:\d+: %param other ranges over an empty set"):
        load_program(write("param.tvp", bad))

