"""Maybe-active individuals (TVLA's ``ac``) and ``-join ind`` (issue 9, item 15).

A ``%retain`` or ``%new`` formula that is 1/2 leaves a node that may not exist;
quantifiers and transitive closure see it as 1/2-present; a constraint breach
whose only maybe-active node is ``u`` removes ``u``; ``-join ind`` keeps one
structure per nullary valuation.  Every result comes from running the analysis."""

import os

import pytest

from tvla import analyze
from tvla.cli.api import load, selfcheck_files
from tvla.concrete.interpreter import concretize, embeds as concrete_embeds
from tvla.logic.embed import embeds
from tvla.logic.kleene import HALF, TRUE
from tvla.lang.tvs import format_structure, read_tvs

from conftest import ROOT

SLL_DIR = os.path.join(ROOT, "programs", "sll")

SWEEP = r"""
%p x(v) unique pointer
%p n(v_1, v_2) function
%p marked(v)
%p last(v)
%p inner()
%p far()
%%
%action Sweep() {
    %t "sweep"
    %retain marked(v)
}
%action Probe() {
    %t "probe"
    {
        inner() = E(v_1, v_2) n(v_1, v_2) & !x(v_1)
        far() = E(v_1, v_2) x(v_1) & (TC(v_1, v_2)(w_1, w_2) n(w_1, w_2)) & !n(v_1, v_2) & v_1 != v_2
    }
}
%action Clone() {
    %t "clone"
    %new marked(v) & !x(v) & E(v_1) n(v, v_1)
}
%%
L0 Sweep() L1
L1 Probe() L2
L0 Clone() L3
"""

# x -> u (marked) -> w (marked 1/2) -> z (marked, last)
HEAP = """
%n = {u, w, z}
%p = {
    x = {u}
    marked = {u, w:1/2, z}
    last = {z}
    n = {u->w, w->z}
}
"""


def run(write, text=SWEEP, heap=HEAP, **options):
    return analyze(write("sweep.tvp", text), write("heap.tvs", heap), **options)


def only(r, loc):
    (s,) = r.locations[loc]
    return s


def node_of(r, s, pred, value=HALF):
    """The node where unary ``pred`` has ``value`` (1/2 by default)."""
    (u,) = [u for u in range(s.n) if s.value(r.voc[pred], (u,)) == value]
    return u


def test_retain_half_leaves_the_node_maybe_active(write):
    r = run(write)
    s = only(r, "L1")
    w = node_of(r, s, "marked")
    assert s.n == 3 and s.ma == 1 << w
    names = [f"u{u}" + (":1/2" if u == w else "") for u in range(3)]
    assert f"\tac = {{{', '.join(names)}}}" in format_structure(s, r.voc).splitlines()


def test_quantifiers_and_closure_see_a_maybe_active_node_as_half(write):
    # w is the only node with an n-successor and no x, and the only way from x to z
    r = run(write)
    s = only(r, "L2")
    assert (s.nul[r.voc["inner"].index], s.nul[r.voc["far"].index]) == (HALF, HALF)
    r = run(write, heap=HEAP.replace("w:1/2", "w"))
    s = only(r, "L2")
    assert (s.nul[r.voc["inner"].index], s.nul[r.voc["far"].index]) == (TRUE, TRUE)


def test_new_with_a_half_formula_makes_a_maybe_active_copy(write):
    # marked(w) = 1/2: the copy of w may not exist; w itself is active (no sweep on this path)
    r = run(write)
    s = only(r, "L3")
    assert s.n == 4 and bin(s.ma).count("1") == 1
    new = s.ma.bit_length() - 1
    assert s.value(r.voc["marked"], (new,)) == 0 and not s.summary >> new & 1


def test_tvs_reads_and_writes_ac(write):
    r = run(write)
    s = only(r, "L1")
    text = format_structure(s, r.voc)
    back = [t for _loc, t in read_tvs(write("back.tvs", text), r.voc)]
    assert [format_structure(t, r.voc) for t in back] == [text]
    w = node_of(r, s, "marked")
    zero = text.replace(f"u{w}:1/2", f"u{w}:0", 1).replace(f"\tac = {{u{w}:0, ", "\tac = {u%d:0, " % w)
    (dropped,) = [t for _loc, t in read_tvs(write("zero.tvs", zero), r.voc)]
    assert dropped.n == 2 and dropped.ma == 0


def test_a_breach_at_a_maybe_active_node_removes_the_node(write):
    # two nodes pointed to by the unique x: the maybe-active one cannot exist
    two = "%n = {u, w}\n%p = {\n x = {u, w}\n marked = {u, w}\n ac = {u, w:1/2}\n}\n"
    r = run(write, heap=two)
    assert r.inputs.used == 1
    (s,) = r.locations["L0"]
    assert s.n == 1 and s.ma == 0
    both = two.replace("w:1/2", "w")
    assert run(write, heap=both).inputs.used == 0


def test_sweep_results_embed_every_concrete_run(write):
    prog, heap = write("sweep.tvp", SWEEP), write("heap.tvs", HEAP)
    lines, ok = selfcheck_files(prog, heap, nodes=4, runs=0, steps=50)
    assert ok, "\n".join(lines)


def test_embedding_respects_activity(write):
    r = run(write)
    maybe = only(r, "L1")
    definite = maybe.copy()
    definite.ma = 0
    definite.dirty()
    assert embeds(definite, maybe) and not embeds(maybe, definite)
    absent = maybe.restrict(maybe.full & ~maybe.ma)
    assert embeds(absent, maybe)
    # every concrete store the maybe-active structure describes embeds into it,
    # with and without the maybe-active node
    analysis = load(write("sweep.tvp", SWEEP))
    stores = concretize(maybe, r.voc, analysis.coercer, 3)
    assert {c.n for c in stores} == {2, 3}
    assert all(concrete_embeds(c, maybe, r.voc) for c in stores)


# ---------------------------------------------------------------- -join ind

SLL_PROGRAMS = [("reverse", "list"), ("insert", "list"), ("append", "two_lists"), ("create", "empty")]


@pytest.mark.parametrize("name,tvs", SLL_PROGRAMS)
def test_ind_keeps_one_structure_per_nullary_valuation(name, tvs):
    r = analyze(os.path.join(SLL_DIR, name + ".tvp"), os.path.join(SLL_DIR, tvs + ".tvs"), join="ind")
    assert r.limit_hit is None
    for loc, structures in r.locations.items():
        keys = [tuple(s.nul[i] for i in r.voc.abs_nullary) for s in structures]
        assert len(keys) == len(set(keys)), loc
    part = analyze(os.path.join(SLL_DIR, name + ".tvp"), os.path.join(SLL_DIR, tvs + ".tvs"))
    assert set(r.reached) >= set(part.reached)  # ind is coarser than part: it reaches at least as much


def test_ind_merges_different_universes_into_maybe_active_nodes():
    r = analyze(os.path.join(SLL_DIR, "reverse.tvp"), os.path.join(SLL_DIR, "list.tvs"), join="ind")
    assert r.verdict == "proved"
    (s,) = r.locations["L0"]
    # list.tvs holds the empty list, one node and a longer list: one structure,
    # every node maybe-active (no input has all of them)
    assert s.ma == s.full and s.n >= 2


@pytest.mark.parametrize("name,tvs", [("reverse", "list"), ("insert", "list")])
def test_ind_results_embed_every_concrete_run(name, tvs):
    lines, ok = selfcheck_files(os.path.join(SLL_DIR, name + ".tvp"), os.path.join(SLL_DIR, tvs + ".tvs"),
                                nodes=3, runs=0, steps=200, join="ind")
    assert ok, "\n".join(lines)


def test_a_maybe_active_node_is_drawn_dashed(write):
    from tvla.output.render import structure_dot
    r = run(write)
    s = only(r, "L1")
    w = node_of(r, s, "marked")
    lines = structure_dot(s, r.voc).splitlines()
    dashed = [line for line in lines if "rounded,dashed" in line]
    assert len(dashed) == 1 and dashed[0].strip().startswith(f'"u{w}" ')


@pytest.mark.parametrize("entry,where", [("ac = {u->w}", "4:2"), ("ac = 1", "4:2"), ("ac = {q:1/2}", "4:8")])
def test_a_malformed_ac_entry_is_reported_at_its_place(write, entry, where):
    from click.testing import CliRunner
    from tvla.cli.main import main
    bad = write("bad.tvs", "%n = {u, w}\n%p = {\n x = {u}\n " + entry + "\n}\n")
    res = CliRunner().invoke(main, ["analyze", write("sweep.tvp", SWEEP), bad, "-terse"])
    assert res.exit_code == 2 and f"bad.tvs:{where}:" in res.output and "Traceback" not in res.output


def test_render_without_a_program_reads_ac(write, tmp_path):
    from click.testing import CliRunner
    from tvla.cli.main import main
    r = run(write)
    text = format_structure(only(r, "L1"), r.voc)
    res = CliRunner().invoke(main, ["render", write("s.tvs", text), "-o", str(tmp_path / "out")])
    assert res.exit_code == 0, res.output
    (drawn,) = list((tmp_path / "out").iterdir())
    # one maybe-active node: one dashed node border (SVG from dot, or the DOT text)
    assert drawn.read_text().count("5,2" if drawn.suffix == ".svg" else "rounded,dashed") == 1
