"""Concrete stores: concretization, embedding, the concrete interpreter, selfcheck."""

import os

import pytest
from click.testing import CliRunner

from conftest import ROOT, sll_program
from tvla.cli.main import main
from tvla.concrete.interpreter import Interpreter, canonical_key, concretize, embeds, is_concrete
from tvla.logic.heap import true_tuples
from tvla.engine.fixpoint import Analysis
from tvla.concrete.selfcheck import selfcheck
from tvla.lang.tvp import load_program
from tvla.lang.tvs import read_tvs

SLL = os.path.join(ROOT, "programs", "sll")
SORTING = os.path.join(ROOT, "programs", "sorting")


def load(prog_path, tvs_path):
    prog = load_program(prog_path)
    return prog, [s for _l, s in read_tvs(tvs_path, prog.vocabulary, prog.macros)]


def list_of(s, voc, var="x"):
    """The nodes of the list from ``var``, in order (a concrete, acyclic store)."""
    out = [u for (u,) in true_tuples(s, voc[var])]
    n = voc["n"]
    while out and true_tuples(s, n):
        nxt = [w for (u, w) in true_tuples(s, n) if u == out[-1]]
        if not nxt:
            break
        out.append(nxt[0])
    return out


def test_a_summary_tail_stands_for_one_to_k_nodes():
    prog, inputs = load(os.path.join(SLL, "reverse.tvp"), os.path.join(SLL, "list.tvs"))
    it = Interpreter(prog)
    voc = prog.vocabulary
    stores = concretize(inputs[2], voc, it.coercer, 5, evaluator=it.ev)
    # one list of each length 2..5: the tail's nodes form a path, in one order up to isomorphism
    assert sorted(s.n for s in stores) == [2, 3, 4, 5]
    for s in stores:
        assert is_concrete(s) and embeds(s, inputs[2], voc)
        assert len(list_of(s, voc)) == s.n
        assert not embeds(s, inputs[1], voc)
    assert [s.n for s in concretize(inputs[0], voc, it.coercer, 5)] == [0]
    # embedding is onto: one node cannot stand for a head and a non-empty tail
    (one,) = concretize(inputs[1], voc, it.coercer, 1)
    assert embeds(one, inputs[1], voc) and not embeds(one, inputs[2], voc)


def test_data_order_is_a_total_preorder():
    prog, inputs = load(os.path.join(SORTING, "insert_sort.tvp"), os.path.join(SORTING, "unsorted.tvs"))
    it = Interpreter(prog)
    stores = concretize(inputs[2], prog.vocabulary, it.coercer, 4, evaluator=it.ev)
    # lists of 2, 3, 4 elements with any data: as many as total preorders (3, 13, 75)
    sizes = [s.n for s in stores]
    assert (sizes.count(2), sizes.count(3), sizes.count(4)) == (3, 13, 75)
    dle = prog.vocabulary["dle"]
    for s in stores:
        rel = set(true_tuples(s, dle))
        assert all((u, w) in rel or (w, u) in rel for u in range(s.n) for w in range(s.n))
        assert all((u, z) in rel for (u, w) in rel for (w2, z) in rel if w == w2)
    # the sorted input describes exactly the stores whose data never decrease along n
    sorted_prog, sorted_in = load(os.path.join(SORTING, "reverse.tvp"), os.path.join(SORTING, "sorted.tvs"))
    it2 = Interpreter(sorted_prog)
    assert len(concretize(sorted_in[2], sorted_prog.vocabulary, it2.coercer, 4)) == 2 + 4 + 8


def test_isomorphic_stores_have_one_key():
    prog, inputs = load(os.path.join(SLL, "reverse.tvp"), os.path.join(SLL, "list.tvs"))
    it = Interpreter(prog)
    (s,) = [c for c in concretize(inputs[2], prog.vocabulary, it.coercer, 3, 3)]
    from tvla.concrete.interpreter import permute
    assert canonical_key(permute(s, [2, 0, 1])) == canonical_key(s)


def edge(prog, title):
    return next(e for e in prog.edges if e.action.title == title)


def test_step_follows_the_program_and_reports_messages():
    prog, inputs = load(os.path.join(SLL, "search_null.tvp"), os.path.join(SLL, "list.tvs"))
    it = Interpreter(prog)
    voc = prog.vocabulary
    (one,) = concretize(inputs[1], voc, it.coercer, 1, 1)
    msgs, [(s, origin)] = it.step(edge(prog, "t = x").action, one)
    assert msgs == [] and true_tuples(s, voc["t"]) == [(0,)] and origin == [0]
    msgs, [(s2, _)] = it.step(edge(prog, "t = t->n").action, s)
    assert msgs == [] and true_tuples(s2, voc["t"]) == []
    # t is NULL now: the dereference is reported, the update still runs
    msgs, [(s3, _)] = it.step(edge(prog, "t = t->n").action, s2)
    assert msgs == ["Illegal dereference to n component of t"]
    assert true_tuples(s3, voc["r[n,t]"]) == []


def test_a_fresh_node_gets_every_data_order(write):
    path = write("m.tvp", f"""
        %s PVar {{x, y}}
        #include "{ROOT}/specs/sll/preds.tvp"
        #include "{ROOT}/specs/sorting/preds.tvp"
        %%
        #include "{ROOT}/specs/sll/actions.tvp"
        #include "{ROOT}/specs/sorting/actions.tvp"
        %%
        L0 Malloc_Data_L(y) L1
        """)
    prog, inputs = load(path, os.path.join(SORTING, "unsorted.tvs"))
    it = Interpreter(prog)
    (one,) = concretize(inputs[1], prog.vocabulary, it.coercer, 1, 1)
    _msgs, succ = it.step(prog.edges[0].action, one)
    # the new datum is below, equal to or above the old one
    assert len(succ) == 3 and all(s.n == 2 and origin == [0, None] for s, origin in succ)
    assert len({canonical_key(s) for s, _ in succ}) == 3


def test_conditions_split_on_the_concrete_store():
    prog, inputs = load(os.path.join(SLL, "swap.tvp"), os.path.join(SLL, "list.tvs"))
    it = Interpreter(prog)
    (one,) = concretize(inputs[1], prog.vocabulary, it.coercer, 1, 1)
    assert it.step(edge(prog, "x->n == NULL").action, one)[1]
    assert it.step(edge(prog, "x->n != NULL").action, one)[1] == []


@pytest.mark.parametrize("name,tvs", [
    ("reverse", "list"), ("insert", "list"), ("delete", "list"), ("deleteAll", "list"),
    ("getLast", "list"), ("rotate", "list"), ("search", "list"), ("search_null", "list"),
    ("swap", "list"), ("append", "two_lists"), ("merge_alias", "aliased"), ("create", "empty"),
])
def test_selfcheck_sll_programs(name, tvs):
    res = CliRunner().invoke(main, ["selfcheck", os.path.join(SLL, name + ".tvp"),
                                    os.path.join(SLL, tvs + ".tvs"), "--nodes", "3", "--runs", "3"])
    assert res.exit_code == 0, res.output
    assert "0 violations" in res.output


@pytest.mark.parametrize("name,tvs", [
    ("create", "empty"), ("insert_sort", "unsorted"), ("merge", "two_sorted"), ("reverse", "sorted"),
    ("insert_sort_b1", "unsorted"), ("insert_sort_b2", "unsorted"), ("bubble_sort", "unsorted"),
    ("bubble_sort_b", "unsorted"),
])
def test_selfcheck_sorting_programs(name, tvs):
    res = CliRunner().invoke(main, ["selfcheck", os.path.join(SORTING, name + ".tvp"),
                                    os.path.join(SORTING, tvs + ".tvs"), "--nodes", "2", "--runs", "2"])
    assert res.exit_code == 0, res.output
    assert "0 violations" in res.output


@pytest.mark.parametrize("join", ["rel"])  # ind: tests/test_active.py
def test_selfcheck_other_joins(join):
    res = CliRunner().invoke(main, ["selfcheck", os.path.join(SLL, "merge_alias.tvp"),
                                    os.path.join(SLL, "aliased.tvs"), "--nodes", "3", "--runs", "3", "--join", join])
    assert res.exit_code == 0, res.output
    assert f"(join {join})" in res.output and "0 violations" in res.output


TERNARY = """%p x(v) unique
%p tri(v_1, v_2, v_3)
%%
%action Skip() {
    %t "skip"
}
%%
L0 Skip() L1
"""


def test_selfcheck_caps_the_input_stores_it_enumerates(tmp_path):
    """A ternary predicate 1/2 on a summary node describes 2^27 stores of 3 nodes: selfcheck
    checks the first 5000 and says so (it ran for minutes)."""
    (tmp_path / "tri.tvp").write_text(TERNARY)
    (tmp_path / "tri.tvs").write_text("%n = {u0}\n%p = {\n sm = {u0:1/2}\n tri = {(u0, u0, u0):1/2}\n}\n")
    res = CliRunner().invoke(main, ["selfcheck", str(tmp_path / "tri.tvp"), str(tmp_path / "tri.tvs"),
                                    "--nodes", "3", "--runs", "0"])
    assert res.exit_code == 0, res.output
    assert "5000 concrete input stores of up to 3 nodes" in res.output
    assert "(the input stores were capped: at most 5000 stores, found within 50000 tries; give fewer --nodes " \
        "to check all)" in res.output
    res = CliRunner().invoke(main, ["selfcheck", str(tmp_path / "tri.tvp"), str(tmp_path / "tri.tvs"),
                                    "--nodes", "1", "--runs", "0"])
    assert "2 concrete input stores of up to 1 nodes" in res.output and "capped" not in res.output


def test_selfcheck_finds_a_wrong_update_formula(write):
    # the spec claims that after y = x nothing is reachable from y
    bad = """
    %action Bad_Copy(x1, x2) {
        %t x1 + " = " + x2 + " (wrong update of r)"
        {
            x1(v) = x2(v)
            r[n,x1](v) = 0
        }
    }
    """
    prog_path = sll_program(write, "L0 Bad_Copy(y, x) L1\nL1 Skip() L2\n", extra_actions=bad)
    res = CliRunner().invoke(main, ["selfcheck", prog_path, os.path.join(SLL, "list.tvs"), "--nodes", "2"])
    assert res.exit_code == 1, res.output
    assert "violation at L1" in res.output and "L0 -> L1: y = x (wrong update of r)" in res.output
    # the API says the same and stops at the first violation
    prog, inputs = load(prog_path, os.path.join(SLL, "list.tvs"))
    analysis = Analysis(prog, break_on_coerce_failure=False)   # as selfcheck_files runs it
    report = selfcheck(prog, analysis.prepare_inputs(inputs)[0], analysis.run(inputs), nodes=2, runs=0)
    (v,) = report.violations
    assert v.location == "L1" and v.store.n >= 1 and v.reason == "embed"


GROWING = """
%p x(v) unique pointer
%p n(v_1, v_2) function
%%
%action Push() {
    %t "x = new(x)"
    %new
    {
        x(v) = isNew(v)
        n(v_1, v_2) = n(v_1, v_2) | isNew(v_1) & x(v_2)
    }
}
%%
L0 Push() L0
"""


def test_a_random_run_ends_past_the_walk_bound(write):
    """A program that adds a cell at every step: a random run stops once its store has more than
    WALK_NODES nodes (its 300 steps checked stores of up to 300 nodes, minutes on a dense one)."""
    from tvla.concrete.selfcheck import WALK_NODES
    prog_path = write("grow.tvp", GROWING)
    tvs = write("grow.tvs", "%n = {u0, u1}\n%p = {\n  sm = {u1:1/2}\n  x = {u0}\n  n = {u0->u1:1/2, u1->u1:1/2}\n}\n")
    prog, inputs = load(prog_path, tvs)
    analysis = Analysis(prog, break_on_coerce_failure=False)
    report = selfcheck(prog, analysis.prepare_inputs(inputs)[0], analysis.run(inputs), nodes=2, runs=2)
    assert report.random_runs == 2 and not report.violations
    # each run checks its start and one store per cell added up to the bound; the inputs' states
    # are those of up to 2 nodes explored, and their 3-node successors
    assert report.states < 2 * (WALK_NODES + 1) + 40, report.states
