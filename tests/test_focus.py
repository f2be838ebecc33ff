"""Focus and materialization."""

from conftest import LIST2_TVS, validate_sarif
from tvla.logic import formula as F
from tvla.engine.focus import FocusFormula, focus
from tvla.logic.kleene import FALSE, HALF, TRUE


def test_focus_materializes_the_element_after_x(sll):
    s, = sll.structures(LIST2_TVS)
    f = F.Exists(("v_1",), F.And(F.Atom("x", ("v_1",)), F.Atom("n", ("v_1", "v"))))
    out = focus(s, FocusFormula(f, sll.voc), sll.ev, sll.coercer.refine)
    voc = sll.voc
    # x->n is NULL, or x->n is the only element, or x->n is followed by more elements
    sizes = sorted(r.n for r in out)
    assert sizes == [2, 3]
    for r in out:
        for u in range(r.n):
            assert sll.ev.value(f, r, {"v": u}) != HALF
        succ = [u for u in range(r.n) if r.binary(voc["n"].index, 0, u) == TRUE]
        assert len(succ) == 1
        assert r.unary(voc["sm"].index, succ[0]) == FALSE   # the successor is materialized


def test_focus_refuses_unbounded_formula(sll):
    import pytest
    from tvla.errors import TvlaError
    with pytest.raises(TvlaError, match="more than one new variable"):
        FocusFormula(F.Atom("n", ("a", "b")), sll.voc)
    with pytest.raises(TvlaError, match="equality"):
        FocusFormula(F.Eq("a", "b"), sll.voc)


RUNAWAY_TVP = """\
%p q(v)
%p y(v)
%p n(v_1, v_2) invfunction
%%
%action Next() {
    %f { E(v_1, v_2) q(v_1) & n(v_1, v_2) }
}
%%
L0 Next() L1
"""

# q on two summary nodes with 1/2 n edges among them: every q cell needs its own node
# to make n definite from it, one materialization after another (TVLA stops with
# "Focusing on predicate n will cause an infinite number of structures")
RUNAWAY_TVS = """\
%n = {u0, u1}
%p = {
    sm = {u0:1/2, u1:1/2}
    q = {u0:1/2, u1:1/2}
    y = {u1}
    n = {u0->u0:1/2, u0->u1:1/2, u1->u0:1/2, u1->u1:1/2}
}
"""


def runaway_analysis(write):
    from tvla.cli.api import load
    from tvla.lang.tvs import read_tvs
    an = load(write("r.tvp", RUNAWAY_TVP))
    (_loc, s), = read_tvs(write("r.tvs", RUNAWAY_TVS), an.voc)
    return an, s


def test_a_focus_that_keeps_materializing_stops_at_the_growth_bound(write):
    import pytest
    from tvla.engine.focus import GROWTH, FocusUnbounded
    an, s = runaway_analysis(write)
    f = F.Exists(("v_1", "v_2"), F.And(F.Atom("q", ("v_1",)), F.Atom("n", ("v_1", "v_2"))))
    with pytest.raises(FocusUnbounded) as stop:
        focus(s, FocusFormula(f, an.voc, ("r.tvp", 6, 5)), an.ev, an.coercer.refine)
    assert (stop.value.before, stop.value.after, stop.value.where) == (2, 2 + GROWTH + 1, ("r.tvp", 6, 5))


def test_a_runaway_focus_stops_the_run_with_partial_results(write, tmp_path):
    import json
    from click.testing import CliRunner
    from tvla.cli.main import main
    prog, tvs = write("r.tvp", RUNAWAY_TVP), write("r.tvs", RUNAWAY_TVS)
    out, sarif = tmp_path / "r.json", tmp_path / "r.sarif"
    res = CliRunner().invoke(main, ["analyze", prog, tvs, "--json", str(out), "--sarif", str(sarif)])
    assert res.exit_code == 0, res.output
    data = json.loads(out.read_text())
    assert data["limit_hit"] == "focus-unbounded" and data["verdict"] == "incomplete"
    assert data["runaway"] == {"location": "L0", "target": "L1", "action": "Next()", "title": "Next()",
                               "formula": "E(v_1, v_2) (q(v_1) & n(v_1, v_2))", "nodes_before": 2,
                               "nodes_after": 35, "file": prog, "line": 9}
    assert data["locations"]["L0"]["structures"] == 1 and not data["locations"]["L1"]["reached"]
    assert "Stopped early: a focus kept materializing; results are partial.\n" \
           f"  {prog}:9: L0: focus on 'E(v_1, v_2) (q(v_1) & n(v_1, v_2))' of 'Next()' kept materializing " \
           "(a structure grew from 2 to 35 nodes): it has no finite set of definite structures there\n" in res.output
    log = json.loads(sarif.read_text())
    validate_sarif(log)
    results = log["runs"][0]["results"]
    assert [r["ruleId"] for r in results] == ["focus-unbounded"]


def test_the_helper_reports_a_runaway_focus_as_its_outcome(write):
    from tvla.engine.parallel import apply_edges
    an, s = runaway_analysis(write)
    edges = list(enumerate(an.program.edges))
    row = apply_edges(an.compiled_action, edges, set(), s, {}, None)
    assert row == [("runaway", ("E(v_1, v_2) (q(v_1) & n(v_1, v_2))", 2, 35), [])]
