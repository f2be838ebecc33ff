"""A termination check in TVLA's style (programs/termination): the reach of
the cursor must shrink in every iteration."""

import os

import pytest
from click.testing import CliRunner

from conftest import ROOT
from tvla import analyze
from tvla.cli.main import main

TERM = os.path.join(ROOT, "programs", "termination")
LIST = os.path.join(TERM, "list.tvs")


def messages(r):
    return sorted({(m.location, m.text) for m in r.messages})


@pytest.mark.parametrize("join", ["rel", "part"])
def test_walking_an_acyclic_list_terminates(join):
    r = analyze(os.path.join(TERM, "walk.tvp"), LIST, join=join)
    assert r.verdict == "proved" and "end" in r.reached


@pytest.mark.parametrize("join", ["rel", "part"])
def test_an_iteration_that_may_not_advance_is_reported(join):
    r = analyze(os.path.join(TERM, "walk_stuck.tvp"), LIST, join=join)
    assert messages(r) == [("next", "The loop may not terminate: no node left the reach of t")]


@pytest.mark.parametrize("name", ["walk", "walk_stuck"])
def test_concrete_walks_embed(name):
    res = CliRunner().invoke(main, ["selfcheck", os.path.join(TERM, name + ".tvp"), LIST, "--nodes", "3",
                                    "--runs", "3"])
    assert res.exit_code == 0, res.output
    assert "0 violations" in res.output


# ---------------------------------------------------------------- -td: the termination analysis
DATA = os.path.join(ROOT, "tests", "data", "termination")
SLL_LIST = os.path.join(ROOT, "programs", "sll", "list.tvs")


def td(program, inp, **kw):
    return analyze(program, inp, termination=True, **kw).termination


@pytest.mark.parametrize("join", ["rel", "part"])
def test_td_list_traversal_terminates(join):
    assert td(os.path.join(DATA, "walk.tvp"), SLL_LIST, join=join).verdict == "terminating"


@pytest.mark.parametrize("save", ["all", "back"])
def test_td_a_loop_that_does_not_advance_may_not_terminate(save):
    t = td(os.path.join(DATA, "walk.tvp"), SLL_LIST, defines={"STUCK": "1"}, save=save)
    assert t.verdict == "possibly non-terminating"
    assert t.loops and all("L1" in lp.locations for lp in t.loops)
    if save == "all":  # with -save back a transition is named by its first action
        assert any("Skip()" in lp.actions for lp in t.loops)


def test_td_cyclic_list_traversal_may_not_terminate():
    t = td(os.path.join(DATA, "cyclic.tvp"), os.path.join(DATA, "cyclic.tvs"))
    assert t.verdict == "possibly non-terminating"
    assert [lp.locations for lp in t.loops] == [("L1", "L2")]


# TVLA 3's own -td verdicts on these programs (run on copies whose actions list
# %p before %message, the order TVLA's parser wants)
@pytest.mark.parametrize("program, inp, verdict", [
    ("programs/gc/mark.tvp", "programs/gc/sweep_in.tvs", "terminating"),
    ("programs/gc/sweep.tvp", "programs/gc/marked_in.tvs", "terminating"),
    ("programs/termination/walk.tvp", "programs/termination/list.tvs", "terminating"),
])
def test_td_agrees_with_tvla(program, inp, verdict):
    assert td(os.path.join(ROOT, program), os.path.join(ROOT, inp)).verdict == verdict


def test_td_off_changes_nothing():
    prog = os.path.join(DATA, "walk.tvp")
    a = analyze(prog, SLL_LIST, defines={"STUCK": "1"})
    b = analyze(prog, SLL_LIST, defines={"STUCK": "1"}, termination=True)
    assert a.termination is None
    assert {k: [s.key() for s in v] for k, v in a.locations.items()} == \
        {k: [s.key() for s in v] for k, v in b.locations.items()}
    assert all(s.origin is None for v in b.locations.values() for s in v)


def test_td_command_line(tmp_path):
    dot, js = tmp_path / "td.dot", tmp_path / "r.json"
    args = ["analyze", os.path.join(DATA, "walk.tvp"), SLL_LIST, "-terse", "-DSTUCK", "-td",
            "-td.dot", str(dot), "-td.summarizationOff", "--json", str(js)]
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    assert "Termination analysis result  : possibly non-terminating\n" in res.output
    assert dot.read_text().startswith('digraph "termination: possibly non-terminating"')
    import json
    data = json.loads(js.read_text())
    assert data["termination"]["verdict"] == "possibly non-terminating"
    assert data["termination"]["loops"][0]["locations"] == ["L1", "L2"]
    first = dot.read_text()
    again = CliRunner().invoke(main, args)

    def untimed(text):
        return [line for line in text.splitlines() if not line.startswith("Time:")]
    assert untimed(again.output) == untimed(res.output) and dot.read_text() == first
    plain = CliRunner().invoke(main, args[:5])
    assert "Termination" not in plain.output


def test_td_answers_the_bubble_sort():
    """TVLA's -td stops with an internal error after minutes on the bubble sort; we answer:
    its outer loop repeats while a swap happened, which the shape alone cannot bound."""
    t = td(os.path.join(ROOT, "programs", "sorting", "bubble_sort.tvp"),
           os.path.join(ROOT, "programs", "sorting", "unsorted.tvs"))
    assert t.verdict == "possibly non-terminating"
    assert len(t.loops) == 1 and "Is_True(change)" in t.loops[0].actions
