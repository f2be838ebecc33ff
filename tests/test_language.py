"""The TVP dialect: preprocessing, declarations, composites, actions, TVS round trip."""

import os

from conftest import ROOT
from tvla.lang.tvp import load_program
from tvla.lang.tvs import format_structure, read_tvs, write_tvs

SPEC = r'''
#define VARS {x, y}
#define SAME(a, b) a(v) <-> b(v)
#ifdef EXTRA
%s Extra {z}
#else
%s Extra {}
#endif
%s PVar VARS + Extra
foreach (p in PVar) {
    %p p(v) unique pointer
}
%p n(v_1, v_2) function
%p flag()
%i r[n,x](v) = E(v_1) x(v_1) & n*(v_1, v) {}
%i any(v) = |/{ p(v) : p in PVar }
%i none(v) = &/{ !p(v) : p in PVar } nonabs
%r flag() ==> 1/2
%%
/* a multi-line
   comment */
%action Copy(a, b) {
    %t a + " = " + b
    %f { b(v) }
    %p !(E(v) SAME(a, b)) | 1
    %message (E(v) a(v)) -> "overwriting " + a
    {
        a(v) = b(v)
        foreach (q in PVar - {a, b}) { q(v) = q(v) }
    }
    %message !(E(v) a(v)) -> a + " is NULL"
}
%%
L0 Copy(x, y) L1
L1 Copy(y, x) exit
%% exit
'''


def test_full_dialect_parses(write):
    prog = load_program(write("a.tvp", SPEC))
    assert prog.sets["PVar"] == ["x", "y"]
    voc = prog.vocabulary
    assert {"x", "y", "n", "flag", "r[n,x]", "any", "none"} <= set(voc.preds)
    assert "z" not in voc
    assert str(voc["any"].definition) == "x(v) | y(v)"
    assert str(voc["none"].definition) == "!x(v) & !y(v)"
    assert not voc["none"].abstraction
    assert voc["x"].props == {"unique", "pointer"}
    a = prog.edges[0].action
    assert a.title == "x = y"
    assert [m.render() for m in a.pre_messages] == ["overwriting x"]
    assert [m.render() for m in a.post_messages] == ["x is NULL"]
    assert set(a.updates) == {"x"}
    assert prog.printed == ["exit"] and prog.entry == "L0"


def test_command_line_defines(write):
    prog = load_program(write("a.tvp", SPEC), defines={"EXTRA": "1"})
    assert prog.sets["PVar"] == ["x", "y", "z"]


def test_quantifier_scope_extends_right(write):
    prog = load_program(write("a.tvp", SPEC.replace(
        "%r flag() ==> 1/2", "%i q() = !A(v) x(v) <-> y(v)")))
    f = prog.vocabulary["q"].definition
    assert str(f) == "!(A(v) (x(v) <-> y(v)))"


def test_tvs_round_trip(tmp_path):
    prog = load_program(os.path.join(ROOT, "programs", "sll", "reverse.tvp"))
    voc = prog.vocabulary
    src = os.path.join(ROOT, "programs", "sll", "list.tvs")
    structures = [s for _l, s in read_tvs(src, voc)]
    out = tmp_path / "out.tvs"
    write_tvs(str(out), [(None, structures)], voc)
    again = [s for _l, s in read_tvs(str(out), voc)]
    assert again == structures
    out2 = tmp_path / "out2.tvs"
    write_tvs(str(out2), [("exit", structures)], voc)
    located = read_tvs(str(out2), voc)
    assert [l for l, _ in located] == ["exit"] * 3 and [s for _, s in located] == structures
    assert "sm = {u1:1/2}" in format_structure(structures[2], voc)


def test_definitions_may_use_predicates_declared_later(write):
    prog = load_program(write("fwd.tvp", """
    %i r[n,x](v) = E(v_1) x(v_1) & n*(v_1, v)
    %r x(v) ==> r[n,x](v)
    %p x(v) unique pointer
    %p n(v_1, v_2) function
    %%
    %action A() { %t "a" }
    %%
    L0 A() L1
    """))
    assert str(prog.vocabulary["r[n,x]"].definition) == "E(v_1) (x(v_1) & n*(v_1, v))"
    assert len(prog.rules) == 1
