"""Coerce: rules from properties, definitions and the automatic closure."""

import pytest

from tvla.logic.structure import Inconsistent
from tvla.logic.kleene import FALSE, HALF, TRUE

TWO_X = """
%n = {u0, u1}
%p = {
    x = {u0, u1}
}
"""

SUMMARY_SUCC = """
%n = {u0, u1}
%p = {
    sm = {u1:1/2}
    x = {u0}
    n = {u0->u1, u1->u1:1/2}
    t[n] = {u0->u0, u0->u1, u1->u1:1/2}
    r[n,x] = {u0, u1}
}
"""


def test_violating_unique_is_discarded(sll):
    s, = sll.structures(TWO_X)
    with pytest.raises(Inconsistent):
        sll.coercer.coerce(s)


def test_function_sharpens_summary_and_definitions(sll):
    s, = sll.structures(SUMMARY_SUCC)
    sll.coercer.coerce(s)
    voc = sll.voc
    # u0->n is definitely u1 and n is a function: u1 is a single node
    assert s.unary(voc["sm"].index, 1) == FALSE
    # then n(u1, u1) must be 0 (acyclic) and t[n](u1, u1) = 1 (reflexive)
    assert s.binary(voc["n"].index, 1, 1) == FALSE
    assert s.binary(voc["t[n]"].index, 1, 1) == TRUE


def test_unique_pointer_half_resolved(sll):
    s, = sll.structures("""
    %n = {u0, u1}
    %p = {
        x = {u0, u1:1/2}
        t[n] = {u0->u0, u1->u1}
        r[n,x] = {u0, u1:1/2}
    }
    """)
    sll.coercer.coerce(s)
    assert s.unary(sll.voc["x"].index, 1) == FALSE
    assert s.unary(sll.voc["r[n,x]"].index, 1) == FALSE


def test_rule_sources_can_be_switched(write):
    from conftest import sll_program
    from tvla.engine.fixpoint import Analysis
    from tvla.lang.tvp import load_program
    prog = load_program(sll_program(write, "L0 Skip() L1\n"))
    with_auto = Analysis(prog).rules
    without = Analysis(prog, automatic=False).rules
    assert len(without) < len(with_auto)
    assert any(r.source.startswith("the closure of") for r in with_auto)
    assert not any(r.source.startswith("the closure of") for r in without)


def test_inconsistent_input_is_dropped_with_a_warning(write):
    from conftest import sll_program
    from tvla import analyze
    prog = sll_program(write, "L0 Skip() L1\n")
    tvs = write("in.tvs", TWO_X + "\n%n = {u}\n%p = { x = {u} r[n,x] = {u} t[n] = {u->u} }\n")
    r = analyze(prog, tvs)
    assert len(r.warnings) == 1 and "input structure 1" in r.warnings[0]
    assert len(r.locations["L0"]) == 1


CONTRA_TVP = """%p a(v)
%p b(v)
%r a(v) ==> b(v)
%%
%action clear_b() {
  %t "b = 0"
  { b(v) = 0 }
}
%%
L1 clear_b() L2
"""
CONTRA_TVS = "%n = {u}\n%p = {\n  a = {u:1/2}\n  b = {u}\n}\n"


@pytest.mark.parametrize("closure, a_at_l2", [(False, "1/2"), (True, "0")])
def test_a_spec_rule_is_applied_as_written_unless_its_closure_is_asked(write, closure, a_at_l2):
    """TVLA applies a spec's %r rule only as written: a ==> b makes b 1 where a is 1, and where b
    is 0 leaves a at 1/2 (its stored structures of the linearization stack keep is[top] at 1/2
    so); this engine applied the contrapositive !b ==> !a too.  tvla.coerce.specRuleClosure asks
    for it (the C front end's libraries mean their rules so)."""
    from tvla import analyze
    from tvla.engine.options import Options
    r = analyze(write("c.tvp", CONTRA_TVP), write("c.tvs", CONTRA_TVS), options=Options(spec_closure=closure))
    [s] = r.locations["L2"]
    assert s.unary(r.vocabulary["a"].index, 0) == (HALF if a_at_l2 == "1/2" else FALSE)
