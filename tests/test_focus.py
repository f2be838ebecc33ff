"""Focus and materialization."""

from conftest import LIST2_TVS
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
