"""Preconditions as TVLA evaluates them (tvla.logic.miniscope): TVLA's rewritten form where it
is the weaker, the formula as written where TVLA's is the stronger."""

import pytest

from tvla.engine.fixpoint import Analysis
from tvla.lang.tvp import load_program
from tvla.lang.tvs import read_tvs
from tvla.logic import formula as F
from tvla.logic.miniscope import permissive_precondition, tvla_form

HEAD = """
%s PVar {x, y}
foreach (z in PVar) {
  %p z(v_1) unique pointer
}
%p n(v_1, v_2) function
%%
"""

EMPTY = "%n = {}\n%p = {\n}\n"

# y -> a, a -> b -> a: every node has a predecessor, x points nowhere
CYCLE = "%n = {a, b}\n%p = {\n  y = {a}\n  n = {a->b, b->a}\n}\n"

# (precondition, holds on the empty store for TVLA, for the formula as written)
ON_EMPTY = [
    ("E(v) (x(v) | 1)", True, False),
    ("E(v) (0 -> x(v))", True, False),
    ("E(v) !(x(v) & 0)", True, False),
    ("E(v) (A(w) x(w) -> !n*(w,v))", True, False),
    ("E(v) (A(w) (x(w) -> !n*(w,v)))", True, False),
    ("E(v) !(E(w) x(w) & n(w,v))", True, False),
    ("E(v) (A(w) !x(w)) | x(v)", True, False),
    ("E(v) (A(w) (0 | !n(w,v)))", False, False),
    ("E(v) (A(w) !n(w,v))", False, False),
    ("E(v) !x(v)", False, False),
    ("E(v) (A(w) (!x(w) & !x(v)))", False, False),
    ("A(v) (x(v) & 0)", False, True),
]

# on CYCLE: TVLA swaps the quantifiers of the first disjunct (three rounds for three variables)
ON_CYCLE = [
    ("E(v) A(w) !n(w,v)", False, False),
    ("A(w) E(v) !n(w,v)", True, True),
    ("(E(v) A(w) !n(w,v)) | (E(u) x(u))", True, False),
    ("(A(w) E(v) !n(w,v)) | (E(u) x(u))", False, True),
]


def _program(write, cases):
    actions = "".join(f'%action B{i}() {{\n  %t "B{i}"\n  %p {f}\n}}\n' for i, (f, _t, _o) in enumerate(cases))
    edges = "".join(f"L0 B{i}() M{i}\n" for i in range(len(cases)))
    return load_program(write("p.tvp", HEAD + actions + "%%\n" + edges))


def _preconditions(write, texts):
    program = _program(write, [(t, False, False) for t in texts])
    return [e.action.precondition for e in program.edges]


def _reached(write, cases, tvs):
    analysis = Analysis(_program(write, cases))
    result = analysis.run([s for _l, s in read_tvs(write("p.tvs", tvs), analysis.voc)])
    return [bool(result.locations.get(f"M{i}")) for i in range(len(cases))]


@pytest.mark.parametrize("cases, tvs", [(ON_EMPTY, EMPTY), (ON_CYCLE, CYCLE)], ids=["empty", "cycle"])
def test_an_action_applies_where_tvla_or_the_formula_lets_it(write, cases, tvs):
    expected = [tvla or written for _f, tvla, written in cases]
    assert _reached(write, cases, tvs) == expected


def test_tvla_form_pushes_quantifiers_down(write):
    forms = {
        "E(v) (x(v) | 1)": "1 | (E(v) x(v))",
        "E(v) (A(w) x(w) -> !n(w, v))": "A(w) (!x(w) | (E(v) !n(w, v)))",
        "E(v) A(w) !n(w, v)": "E(v) A(w) !n(w, v)",
        "(E(v) A(w) !n(w, v)) | E(u) x(u)": "(A(w) E(v) !n(w, v)) | (E(u) x(u))",
        "A(v) (x(v) & 0)": "0 & (A(v) x(v))",
    }
    pres = _preconditions(write, list(forms))
    assert {f: str(tvla_form(p)) for f, p in zip(forms, pres)} == forms


def test_a_precondition_tvla_reads_alike_is_kept(write):
    texts = ["E(v) x(v)", "x(v) & n(v, w)", "E(v, w) x(v) & n(v, w)", "E(v) (A(w) x(w) -> !n(w, v))"]
    pres = _preconditions(write, texts)
    assert [permissive_precondition(f) is f for f in pres] == [True, True, True, False]


def test_a_precondition_too_large_for_the_rounds_is_kept():
    # 512 quantified conjuncts, each with a variable of its own, in a balanced tree:
    # 512 rounds over about 2,000 nodes, past MAX_WORK
    parts: list = [F.Exists((f"v{i}",), F.Or(F.Atom("x", (f"v{i}",)), F.Const(1))) for i in range(512)]
    while len(parts) > 1:
        parts = [F.And(a, b) for a, b in zip(parts[::2], parts[1::2])]
    (f,) = parts
    assert tvla_form(f) is None
    assert permissive_precondition(f) is f
