"""Differences from the original TVLA found by running its example analyses
side by side (issue 22): one small analysis per difference, written for these
tests."""

import pytest

from tvla import analyze
from tvla.engine.fixpoint import Analysis
from tvla.errors import TvlaError
from tvla.lang.tvp import load_program
from tvla.lang.tvs import format_structure
from tvla.logic.kleene import FALSE, HALF, TRUE

EMPTY_TVS = "%n = {}\n%p = {\n}\n"


def tvs_text(result, loc):
    return "\n".join(format_structure(s, result.voc) for s in result.locations[loc])

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
    prog = write("order.tvp", BRANCHES)
    r = analyze(prog, write("order.tvs", EMPTY_TVS))
    assert r.limit_hit == "coerce-failed"
    assert not r.messages and (r.breach.edge.source, r.breach.rule) == ("A1", f"the rule at {prog}:3: flag() ==> 0")
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


# ---------------------------------------------------------------- `auto` after an update

# TVLA writes `p(v) = formula auto`: differencing derives p's update (the formula
# is ignored); with differencing off the formula is the update.  (TVLA itself:
# same structures with differencing; without it, the same breach.)
AUTO = r"""
%s PVar {x, y}
foreach (z in PVar) {
    %p z(v_1) unique pointer
}
%p n(v_1, v_2) function acyclic
%i t[n](v_1, v_2) = n*(v_1, v_2) transitive reflexive
foreach (z in PVar) {
    %i r[n,z](v) = E(v_1) (z(v_1) & t[n](v_1, v))
}
%%
%action Copy_Var(x1, x2) {
    %t x1 + " = " + x2
    %f { x2(v) }
    {
        UPDATES
    }
}
%%
L0 Copy_Var(y, x) L1
"""

LIST_TVS = """
%n = {u0, u1}
%p = {
    sm = {u1:1/2}
    x = {u0}
    n = {u0->u1:1/2, u1->u1:1/2}
}
"""


def _auto(write, updates, name="auto"):
    return write(f"{name}.tvp", AUTO.replace("UPDATES", updates))


def test_auto_after_the_formula_is_derived_by_differencing(write):
    path = _auto(write, "x1(v) = x2(v)\n        r[n,x1](v) = 0 auto")
    action = load_program(path).edges[0].action
    assert action.auto == ("r[n,y]",) and "r[n,y]" not in action.updates
    assert str(action.auto_written["r[n,y]"][1]) == "0"
    inp = write("list.tvs", LIST_TVS)
    derived = analyze(_auto(write, "x1(v) = x2(v)", "plain"), inp)
    r = analyze(path, inp)
    assert not r.messages and tvs_text(r, "L1") == tvs_text(derived, "L1")
    text = tvs_text(r, "L1")  # y = x: r[n,y] is r[n,x], not the 0 written
    assert "r[n,x] = {u0:1/2, u1}" in text and "r[n,y] = {u0:1/2, u1}" in text


def test_auto_after_the_formula_is_the_update_without_differencing(write):
    prog = _auto(write, "x1(v) = x2(v)\n        r[n,x1](v) = 0 auto")
    r = analyze(prog, write("list.tvs", LIST_TVS), differencing=False)
    assert r.limit_hit == "coerce-failed"
    assert not r.messages and r.breach.rule == (f"the definition of r[n,y] ({prog}:9): "
                                                "E(v_1) (y(v_1) & t[n](v_1, v)) ==> r[n,y](v)")


def test_which_update_an_auto_belongs_to(write):
    cases = {
        # after the formula, also with the next update on the following line
        "r[n,x1](v) = 0 auto\n        x1(v) = x2(v)": ("r[n,y]", True),
        "r[n,x1](v) = 0\n        auto\n        x1(v) = x2(v)": ("r[n,y]", True),
        # tvla's own form: before the predicate, starting the line of its update
        "x1(v) = x2(v)\n        auto r[n,x1](v) = 0": ("r[n,y]", False),
        "auto r[n,x1](v) = 0 x1(v) = x2(v)": ("r[n,y]", False),
    }
    for k, (updates, (auto, written)) in enumerate(cases.items()):
        action = load_program(_auto(write, updates, f"a{k}")).edges[0].action
        assert action.auto == (auto,) and "y" in action.updates, updates
        assert (auto in action.auto_written) == written, updates
    # on a core predicate `auto` changes nothing (TVLA): the formula is the update
    action = load_program(_auto(write, "x1(v) = x2(v) auto", "core")).edges[0].action
    assert action.auto == () and str(action.updates["y"][1]) == "x(v)"
    with pytest.raises(TvlaError, match=r"lone.tvp:\d+:\d+: 'auto' must follow an update formula"):
        load_program(_auto(write, "foreach (z in {x1}) {\n        auto\n        }", "lone"))


# ---------------------------------------------------------------- one predicate updated twice

def test_the_last_of_two_updates_wins_also_after_substitution(write):
    # TVLA keeps one update per predicate, the last written: Get_Next_L(y, y) of its
    # lists_segments examples updates CUList[n,lhs] and then CUList[n,rhs]
    tvp = (r"""
%s PVar {x, y}
foreach (z in PVar) {
    %p z(v) unique
    %p seen[z](v)
}
%%
%action Twice(lhs, rhs) {
    {
        seen[lhs](v) = lhs(v)
        seen[rhs](v) = 1
    }
}
%%
L0 Twice(y, y) L1
""")
    action = load_program(write("twice.tvp", tvp)).edges[0].action
    assert {k: str(f) for k, (_p, f) in action.updates.items()} == {"seen[y]": "1"}


# ---------------------------------------------------------------- runnable in an input

def test_an_input_thread_that_is_ready_may_be_runnable(write):
    # TVLA's TVS reader sets runnable to 1/2 on every node with isthread and ready 1
    tvp = "%p x(v) unique\n%%\n%action Skip() {\n    %t \"skip\"\n}\n%%\nL0 Skip() L1\n"
    tvs = ("%n = {a, b, c}\n%p = {\n    isthread = {a, b, c}\n    ready = {a, b}\n"
           "    runnable = {b, c}\n    x = {a}\n}\n")
    r = analyze(write("threads.tvp", tvp), write("threads.tvs", tvs))
    (s,) = r.locations["L0"]
    voc = r.voc
    rows = sorted((s.value(voc["x"], (u,)), s.value(voc["ready"], (u,)), s.value(voc["runnable"], (u,)))
                  for u in range(s.n))
    # a (x, ready) and b (ready): 1/2; c (not ready) keeps the 1 it was given
    assert rows == [(FALSE, FALSE, TRUE), (FALSE, TRUE, HALF), (TRUE, TRUE, HALF)]
