"""Formula evaluation over 3-valued structures (bit-set evaluators)."""

from conftest import LIST2_TVS
from tvla.logic import formula as F
from tvla.logic.kleene import FALSE, HALF, TRUE

LIST2 = LIST2_TVS  # x: a head and a summary tail


def test_closure_on_summary_nodes(sll):
    s, = sll.structures(LIST2)
    ev = sll.ev
    star = F.Closure("n", "a", "b", True)
    plus = F.Closure("n", "a", "b", False)
    assert ev.value(star, s, {"a": 0, "b": 0}) == TRUE      # reflexive, not summary
    assert ev.value(star, s, {"a": 1, "b": 1}) == HALF      # summary: a == b is 1/2
    assert ev.value(plus, s, {"a": 0, "b": 1}) == HALF      # path over a 1/2 edge
    assert ev.value(plus, s, {"a": 1, "b": 0}) == FALSE
    tc = F.TC("a", "b", "p", "q", F.Atom("n", ("p", "q")))
    assert ev.value(tc, s, {"a": 0, "b": 1}) == HALF
    # vector form agrees with scalar form
    t, u = ev.vector(star, "b", s, {"a": 0})
    assert (t, u) == (0b01, 0b10)


def test_quantifiers_equality_and_ite(sll):
    s, = sll.structures(LIST2)
    ev = sll.ev
    assert ev.value(F.Exists(("v",), F.Atom("x", ("v",))), s) == TRUE
    assert ev.value(F.Forall(("v",), F.Atom("x", ("v",))), s) == FALSE
    assert ev.value(F.Exists(("v",), F.Atom("n", ("v", "v"))), s) == HALF
    assert ev.value(F.Eq("a", "b"), s, {"a": 1, "b": 1}) == HALF
    assert ev.value(F.Eq("a", "b"), s, {"a": 0, "b": 0}) == TRUE
    assert ev.value(F.Not(F.Eq("a", "b")), s, {"a": 0, "b": 1}) == TRUE
    ite = F.Ite(F.Atom("n", ("a", "b")), F.TRUE_F, F.TRUE_F)
    assert ev.value(ite, s, {"a": 0, "b": 1}) == TRUE   # both branches agree
    ite2 = F.Ite(F.Atom("n", ("a", "b")), F.TRUE_F, F.FALSE_F)
    assert ev.value(ite2, s, {"a": 0, "b": 1}) == HALF
    iff = F.Iff(F.Atom("x", ("a",)), F.Atom("x", ("a",)))
    assert ev.value(iff, s, {"a": 0}) == TRUE
