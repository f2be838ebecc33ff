"""TVLA's language as its distribution writes it (issue 9, items 1-10): one small
analysis per construct, checked by running it."""

import re

from click.testing import CliRunner
from conftest import LIST2_TVS

from tvla import analyze
from tvla.cli.main import main
from tvla.logic.kleene import TRUE
from tvla.lang.tvp import load_program
from tvla.lang.tvs import format_structure

# A tiny list library in TVLA's style: variables, n, is[n], t[n], r[n,z].
PREDS = r"""
%s PVar {x, y}
foreach (z in PVar) {
    %p z(v_1) unique pointer
}
%p n(v_1, v_2) function
%i is[n](v) = E(v_1, v_2) (v_1 != v_2 & n(v_1, v) & n(v_2, v))
%i t[n](v_1, v_2) = n*(v_1, v_2)
foreach (z in PVar) {
    %i r[n,z](v) = E(v_1) (z(v_1) & n*(v_1, v))
}
"""

COPY = r"""
%action Copy_Var_L(x1, x2) {
    %t x1 + " = " + x2
    %f { x2(v) }
    {
        x1(v) = x2(v)
        r[n,x1](v) = r[n,x2](v)
    }
}
%action Is_Null_Var(x1) {
    %t x1 + " == NULL"
    %p !(E(v) x1(v))
}
%action Is_Not_Null_Var(x1) {
    %t x1 + " != NULL"
    %p E(v) x1(v)
}
"""

# x points to a list of two or more elements
LIST = LIST2_TVS


def run(write, tvp, tvs=LIST, name="a"):
    prog = write(f"{name}.tvp", tvp)
    return analyze(prog, write(f"{name}.tvs", tvs))


def messages(result):
    return sorted((m.location, m.text) for m in result.messages)


def vocabulary(result):
    return getattr(result, "voc", None) or result.vocabulary


def stored(result, loc):
    """The structures stored at ``loc``, as TVS text."""
    return [format_structure(s, vocabulary(result)) for s in result.locations[loc]]


def cli(tmp_path, monkeypatch, tvp, tvs=""):
    (tmp_path / "bad.tvp").write_bytes(tvp if isinstance(tvp, bytes) else tvp.encode())
    (tmp_path / "bad.tvs").write_text(tvs)
    monkeypatch.chdir(tmp_path)
    return CliRunner().invoke(main, ["analyze", "bad", "-terse"])


# 1. CRLF line ends, backslash continuations (also with trailing blanks)
def test_crlf_and_continuations(write, tmp_path):
    text = (PREDS + "#define IS_NULL(a) \\\n   !(E(v) a(v))\n%%\n" + COPY
            + "%action Check(a) {\n  %message IS_NULL(a) \\   \n -> a + \" is null\"\n}\n"
            "%%\nL0 Copy_Var_L(y, x) L1\nL1 Check(y) L2\nL0 Check(y) L3\n")
    (tmp_path / "crlf.tvp").write_bytes(text.replace("\n", "\r\n").encode())
    (tmp_path / "crlf.tvs").write_bytes(LIST.replace("\n", "\r\n").encode())
    r = analyze(str(tmp_path / "crlf.tvp"), str(tmp_path / "crlf.tvs"))
    assert messages(r) == [("L0", "y is null")]


# 2. ## token pasting and c ? a : b inside macro bodies
def test_token_pasting_and_conditional_in_macros(write):
    tvp = (PREDS + "#define REACH(z) r ## [n, ## z ## ]\n"
           "#define ALIAS(a, b) (E(v) a(v) ? E(v) a(v) & b(v) : 0)\n"
           "%%\n" + COPY +
           "%action Check(a, b) {\n  %message ALIAS(a, b) & E(v) REACH(a)(v) -> a + \" aliases \" + b\n}\n"
           "%%\nL0 Copy_Var_L(y, x) L1\nL1 Check(x, y) L2\nL0 Check(x, y) L3\n")
    assert messages(run(write, tvp)) == [("L1", "x aliases y")]


# 3. display sets after core declarations, Kleene values in %i display sets
def test_display_sets_are_ignored_by_the_analysis(write):
    plain = PREDS + "%p le(v_1, v_2) transitive\n%i sel(v) = x(v)\n%%\n" + COPY + "%%\nL0 Copy_Var_L(y, x) L1\n"
    shown = plain.replace("transitive", "transitive {}").replace("= x(v)", "= x(v) { 1, 1/2 }")
    shown = shown.replace("%p n(v_1, v_2) function", "%p n(v_1, v_2) function { 1, 1/2 }")
    tvs = LIST.replace("x = {u0}", "x = {u0}\n    sel = {u0}")
    a, b = run(write, plain, tvs, name="plain"), run(write, shown, tvs, name="shown")
    assert stored(a, "L1") == stored(b, "L1") and len(stored(b, "L1")) == 1
    prog = load_program(write("c.tvp", shown))
    assert prog.vocabulary["sel"].display == ("1", "1/2")


# 4. auto updates: the formula given is ignored, finite differencing derives it
def test_auto_update_is_derived_by_differencing(write):
    explicit = PREDS + "%%\n" + COPY + "%%\nL0 Copy_Var_L(y, x) L1\n"
    auto = explicit.replace("r[n,x1](v) = r[n,x2](v)", "auto r[n,x1](v) = 0")
    derived = explicit.replace("r[n,x1](v) = r[n,x2](v)", "")
    prog = load_program(write("auto.tvp", auto))
    action = prog.edges[0].action
    assert action.auto == ("r[n,y]",) and "r[n,y]" not in action.updates
    a, b = run(write, auto, name="auto"), run(write, derived, name="derived")
    assert stored(a, "L1") == stored(b, "L1")
    (s,) = a.locations["L1"]
    voc = vocabulary(a)
    head = [u for u in range(s.n) if s.value(voc["x"], (u,)) == TRUE]
    assert [s.value(voc["r[n,y]"], (u,)) for u in head] == [TRUE]  # reachable from y: not the 0 written


# 5. composites written with blanks
def test_composite_operators_with_blanks(write):
    tvp = (PREDS + "%i any(v) = | / { z(v) : z in PVar }\n%i none(v) = & /{ !z(v) : z in PVar }\n"
           "%%\n%action Check() {\n  %message E(v) any(v) & !none(v) -> \"pointed\"\n}\n"
           "%%\nL0 Check() L1\n")
    prog = load_program(write("c.tvp", tvp))
    assert str(prog.vocabulary["any"].definition) == "x(v) | y(v)"
    tvs = LIST.replace("x = {u0}", "x = {u0}\n    any = {u0}\n    none = {u1}")
    assert messages(run(write, tvp, tvs)) == [("L0", "pointed")]


# 6. parameterised names in %t / %message, nested names in TVP and TVS, set comprehension
NESTED = r"""
%s L {a, b}
foreach (l in L) {
    %p at[l]()
}
%s Ats {at[l] : l in L}
foreach (p in Ats) {
    %p save[p]()
}
%%
%action Check(l) {
    %t "check " + at[l]
    %message save[at[l]]() -> "saved " + save[at[l]]
}
%%
L0 Check(a) L1
L0 Check(b) L2
"""


def test_nested_names_and_set_comprehension(write):
    prog = load_program(write("n.tvp", NESTED))
    assert prog.sets["Ats"] == ["at[a]", "at[b]"]
    assert {"save[at[a]]", "save[at[b]]"} <= set(prog.vocabulary.preds)
    assert prog.edges[0].action.title == "check at[a]"
    r = run(write, NESTED, "%n = {}\n%p = {\n  save[at[b]] = 1\n}\n", name="n")
    assert messages(r) == [("L0", "saved save[at[b]]")]


# 7. foreach inside a focus list
def test_foreach_in_focus_list(write):
    tvp = (PREDS + "%%\n%action Focus() {\n  %f { foreach (z in PVar) { E(v_1) z(v_1) & n(v_1, v) }, x(v) }\n}\n"
           "%%\nL0 Focus() L1\n")
    prog = load_program(write("f.tvp", tvp))
    focus = [str(f) for f in prog.edges[0].action.focus]
    assert focus == ["E(v_1) (x(v_1) & n(v_1, v))", "E(v_1) (y(v_1) & n(v_1, v))", "x(v)"]
    explicit = tvp.replace("foreach (z in PVar) { E(v_1) z(v_1) & n(v_1, v) }",
                           "E(v_1) x(v_1) & n(v_1, v), E(v_1) y(v_1) & n(v_1, v)")
    a, b = run(write, tvp, name="f"), run(write, explicit, name="e")
    assert stored(a, "L1") == stored(b, "L1") and len(stored(a, "L1")) == 1


# 8. decomposition vocabulary read and ignored; %pset; %param
DECOMP = PREDS + r"""
%pset Vars {x, y}
%param p in Vars
%dname p(v) [dx]
%dname dy
%decompose E(v) x(v)
%decompose [x(v)]
%frame [dx, dy]
%closecycle n -> x(v)
%message [x(v)] (E(v) p(v)) -> p + " is set"
%%
%action Check(q) {
    %decompose E(v) q(v)
    %compose
    %frame q(v)
    %frame_pre q(v)
    %message [q(v)] (E(v) p(v) & q(v)) -> p + " is " + q
}
%%
L0 Check(x) L1
L0 Check(y) L2
"""


def test_decomposition_vocabulary_pset_and_param(write):
    prog = load_program(write("d.tvp", DECOMP))
    assert prog.sets["Vars"] == ["x", "y"]
    r = run(write, DECOMP, name="d")
    # p is x (the first member of Vars); the global message fires at every location
    assert sorted(set(messages(r))) == [("L0", "x is set"), ("L0", "x is x")]


def test_param_is_shadowed_by_an_action_argument(write):
    tvp = DECOMP.replace("%action Check(q)", "%action Check(p)").replace("& q(v)", "").replace(
        '" is " + q', '" shadowed"').replace("q(v)", "p(v)")
    r = run(write, tvp, name="d")
    assert ("L0", "y shadowed") not in messages(r) and ("L0", "x shadowed") in messages(r)


# 9. built-in thread predicates
def test_thread_builtins_are_declared_updatable_and_read(write):
    tvp = ("%p x(v) unique\n%%\n%action Run() {\n  { runnable(v) = isthread(v) & ready(v)\n    outside(v) = 0 }\n"
           "  %message E(v) runnable(v) -> \"runs\"\n}\n%%\nL0 Run() L1\n")
    tvs = "%n = {t1, t2}\n%p = {\n  isthread = {t1, t2}\n  ready = {t1}\n  outside = {t2}\n}\n"
    prog = load_program(write("t.tvp", tvp))
    voc = prog.vocabulary
    assert voc["ready"].abstraction and not voc["isthread"].abstraction
    assert not voc["runnable"].abstraction and not voc["outside"].abstraction
    r = run(write, tvp, tvs, name="t")
    assert messages(r) == [("L0", "runs")]
    (s,) = r.locations["L1"]
    assert s.n == 2  # t1 and t2 differ in the abstraction predicate ready: not merged


# 10. leniencies
def test_leniencies(write):
    tvp = (PREDS + "%s S {x, x, y}\n%s S {y, z}\n%p flag() nonabs\n%p other() abs\n%%\n"
           "%action Set() {\n  { flag() = 0\n    flag() = 1 }\n}\n"
           "%action Check() {\n  %message flag() -> \"first\"\n}\n"
           "%action Check() {\n  %message flag() -> \"last\"\n}\n"
           "%%\nL0 Set() L1\nL1 Check() L2\n")
    prog = load_program(write("l.tvp", tvp))
    assert prog.sets["S"] == ["x", "y", "z"]
    assert not prog.vocabulary["flag"].abstraction
    assert messages(run(write, tvp, "%n = {}\n%p = {}\n", name="l")) == [("L1", "last")]


def test_update_variable_clashing_with_precondition_variable(tmp_path, monkeypatch):
    tvp = PREDS + "%%\n%action A() {\n  %p x(v)\n  { y(v) = x(v) }\n}\n%%\nL0 A() L1\n"
    res = cli(tmp_path, monkeypatch, tvp)
    assert res.exit_code == 2
    assert re.search(r"bad\.tvp:15:\d+: variable\(s\) v of the update of 'y' are free variables of the "
                     r"precondition", res.output)


def test_conditional_operator_in_if_expressions(write):
    text = ("#define DEPTH 3\n#if DEPTH > 2 ? defined(DEPTH) && !defined(NONE) : 0\n%p deep()\n"
            "#elif 1\n%p shallow()\n#endif\n#if (DEPTH * 2 - 6) || (1 ? 0 : 1)\n%p never()\n#endif\n")
    voc = load_program(write("c.tvp", text + PREDS + "%%\n" + COPY + "%%\nL0 Copy_Var_L(y, x) L1\n")).vocabulary
    assert "deep" in voc and "shallow" not in voc and "never" not in voc


def test_nested_names_render_without_their_program(tmp_path, monkeypatch):
    (tmp_path / "n.tvs").write_text("%n = {u}\n%p = {\n  save[at[b]] = 1\n  at[b] = {u}\n}\n")
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(main, ["render", "n.tvs", "-o", str(tmp_path / "out")])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "out" / "n_1.svg").exists() or (tmp_path / "out" / "n_1.dot").exists()


# The body of TC extends as far right as possible: TVLA's reflexive closure
# written TC(v_1, v_2)(v_3, v_4) n(v_3, v_4) | v_1 == v_2 closes a relation
# that mentions its own endpoints (here: the same as n*(v_1, v_2))
def test_tc_body_mentioning_its_endpoints(write):
    tc = PREDS.replace("%i t[n](v_1, v_2) = n*(v_1, v_2)",
                       "%i t[n](v_1, v_2) = TC(v_1, v_2)(v_3, v_4) n(v_3, v_4) | v_1 == v_2")
    assert tc != PREDS
    cfg = ("%action Check() {\n  %message E(v_1, v_2) x(v_1) & !t[n](v_1, v_2) -> \"unreached\"\n"
           "  %message E(v_1) x(v_1) & !t[n](v_1, v_1) -> \"not reflexive\"\n}\n"
           "%%\nL0 Check() L1\nL0 Copy_Var_L(y, x) L2\n")
    a = run(write, tc + "%%\n" + COPY + cfg, name="tc")
    b = run(write, PREDS + "%%\n" + COPY + cfg, name="star")
    assert messages(a) == messages(b) == []
    assert stored(a, "L2") == stored(b, "L2")
