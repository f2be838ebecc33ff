"""Finite differencing of t[n] (and what depends on it) for x->n = y and x->n = NULL."""

import pytest

from conftest import sll_program
from tvla.engine.fixpoint import Analysis
from tvla.logic.kleene import FALSE, TRUE
from tvla.lang.tvp import load_program
from tvla.lang.tvs import read_tvs

# x -> a (n NULL);  y -> b -> c
TWO_LISTS = """
%n = {a, b, c}
%p = {
    x = {a}
    y = {b}
    n = {b->c}
    t[n] = {a->a, b->b, b->c, c->c}
    r[n,x] = {a}
    r[n,y] = {b, c}
}
"""

# x -> a -> b -> c
ONE_LIST = """
%n = {a, b, c}
%p = {
    x = {a}
    n = {a->b, b->c}
    t[n] = {a->a, a->b, a->c, b->b, b->c, c->c}
    r[n,x] = {a, b, c}
}
"""


def _run(write, cfg, tvs, join="conc"):
    analysis = Analysis(load_program(sll_program(write, cfg)), join=join)
    inputs = [s for _l, s in read_tvs(write("in.tvs", tvs), analysis.voc)]
    return analysis, analysis.run(inputs)


def _reach(result, analysis, loc):
    (s,) = result.locations[loc]
    voc = analysis.voc
    t = voc["t[n]"].index
    x = voc["x"].index
    head = next(u for u in range(s.n) if s.unary(x, u) == TRUE)
    return s, {(u, w): s.binary(t, u, w) for u in range(s.n) for w in range(s.n)}, head


def test_set_next_adds_paths_by_unit_change(write):
    analysis, result = _run(write, "L0 Set_Next_L(x, y) L1\n", TWO_LISTS)
    ca = next(iter(analysis.compiled.values()))
    derived = str(ca.derived["t[n]"][1])
    assert "TC(" not in derived and "n*" not in derived   # the unit-change rule, not re-evaluation
    s, t, head = _reach(result, analysis, "L1")
    assert all(t[(head, w)] == TRUE for w in range(s.n))  # x now reaches every node
    r = analysis.voc["r[n,x]"].index
    assert all(s.unary(r, u) == TRUE for u in range(s.n))


def test_set_next_null_removes_paths(write):
    analysis, result = _run(write, "L0 Set_Next_Null_L(x) L1\n", ONE_LIST)
    ca = next(iter(analysis.compiled.values()))
    assert "TC(" not in str(ca.derived["t[n]"][1])
    s, t, head = _reach(result, analysis, "L1")
    others = [u for u in range(s.n) if u != head]
    assert t[(head, head)] == TRUE
    assert all(t[(head, w)] == FALSE for w in others)
    r = analysis.voc["r[n,x]"].index
    assert [s.unary(r, u) for u in others] == [FALSE, FALSE]
    # the rest of the list keeps its own reachability
    b, c = others
    assert TRUE in (t[(b, c)], t[(c, b)])


@pytest.mark.parametrize("summary", [True])
def test_differencing_keeps_reachability_on_summary_nodes(write, summary):
    # x = x->n on a list of two or more elements: r[n,x] must stay 1 on the tail
    tvs = open(__import__("os").path.join(__import__("conftest").ROOT, "programs", "sll", "list.tvs")).read()
    analysis, result = _run(write, "L0 Get_Next_L(x, x) L1\n", tvs, join="part")
    voc = analysis.voc
    r, x = voc["r[n,x]"].index, voc["x"].index
    for s in result.locations["L1"]:
        for u in range(s.n):
            if s.unary(x, u) == FALSE and s.unary(r, u) != FALSE:
                # nodes after the new x are definitely reachable from it
                assert s.unary(r, u) == TRUE


NESTED_ITE = """
%p x(v) unique pointer
%p n(v_1, v_2) function
%p b() nonabs
%i d(v) = E(v_1) {nest} & x(v_1)
%%
%action Flip() {{
    {{ b() = !b()
       n(v_1, v_2) = n(v_1, v_2) & !x(v_1) }}
}}
%%
L0 Flip() L1
"""


def test_nested_conditionals_keep_the_derived_update_linear(write):
    """Each nested conditional taken through its deltas would double the derived update
    (30 levels: 2^30, a fuzzed program); taken as the conditional of the values after, it grows by a level."""
    sizes = []
    for depth in (8, 16):
        nest = "n(v_1, v)"
        for _ in range(depth):
            nest = f"(b() ? {nest} : 0)"
        analysis = Analysis(load_program(write("ite.tvp", NESTED_ITE.format(nest=nest))))
        (ca,) = analysis.compiled.values()
        sizes.append(len(str(ca.derived["d"][1])))
    assert sizes[1] < 4 * sizes[0]
