"""Kleene's three-valued connectives, through the evaluator (their one implementation, on bit sets)."""

from conftest import LIST2_TVS
from tvla.logic import formula as F
from tvla.logic.kleene import FALSE, HALF, TRUE, show

V = (FALSE, HALF, TRUE)


def test_connectives_follow_kleene(sll):
    # Table 3 of the ISSTA paper
    s, = sll.structures(LIST2_TVS)

    def val(f):
        return sll.ev.value(f, s)
    c = F.Const
    assert [[val(F.And(c(a), c(b))) for b in V] for a in V] == [[0, 0, 0], [0, HALF, HALF], [0, HALF, TRUE]]
    assert [[val(F.Or(c(a), c(b))) for b in V] for a in V] == [[0, HALF, TRUE], [HALF, HALF, TRUE], [TRUE] * 3]
    assert [val(F.Not(c(a))) for a in V] == [TRUE, HALF, FALSE]
    assert val(F.Implies(c(TRUE), c(FALSE))) == FALSE and val(F.Implies(c(HALF), c(TRUE))) == TRUE
    assert [val(F.Iff(c(a), c(b))) for a, b in ((TRUE, TRUE), (TRUE, FALSE), (HALF, HALF))] == [TRUE, FALSE, HALF]


def test_printing():
    assert [show(v) for v in V] == ["0", "1/2", "1"]
