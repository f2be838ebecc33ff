"""Doubly linked lists (specs/dll, programs/dll): verdicts from running the
analysis under each join, and concrete runs that embed."""

import os

import pytest
from click.testing import CliRunner

from conftest import ROOT
from tvla import analyze
from tvla.cli.main import main

DLL = os.path.join(ROOT, "programs", "dll")
PROVED = [("reverse", "list"), ("insert", "list"), ("delete", "list"), ("append", "two_lists")]


def messages(r):
    return sorted({(m.location, m.text) for m in r.messages})


def run(name, tvs, join):
    return analyze(os.path.join(DLL, name + ".tvp"), os.path.join(DLL, tvs + ".tvs"), join=join)


@pytest.mark.parametrize("join", ["rel", "part"])
@pytest.mark.parametrize("name,tvs", PROVED)
def test_list_stays_doubly_linked_without_leaks(name, tvs, join):
    r = run(name, tvs, join)
    assert r.verdict == "proved" and messages(r) == []
    assert "end" in r.reached and r.limit_hit is None


@pytest.mark.parametrize("join", ["rel", "part"])
def test_delete_that_keeps_the_back_pointer_is_reported(join):
    r = run("delete_bug", "list", join)
    texts = {t for loc, t in messages(r) if loc == "d11"}
    assert "Dangling reference: freed node y is still pointed to by a b field" in texts
    assert r.verdict == "alarms"


def test_reversal_may_close_a_b_cycle_while_relinking():
    # b is not declared acyclic: reverse makes x->b == t while t->b == x
    r = run("reverse", "list", "part")
    voc = r.voc
    b = voc["b"].index
    cyclic = [s for s in r.locations["l6"] if any(s.binary(b, u, w) == 2 and s.binary(b, w, u) == 2
                                                   for u in range(s.n) for w in range(s.n) if u != w)]
    assert cyclic


@pytest.mark.parametrize("name,tvs", PROVED)
def test_concrete_runs_embed(name, tvs):
    res = CliRunner().invoke(main, ["selfcheck", os.path.join(DLL, name + ".tvp"), os.path.join(DLL, tvs + ".tvs"),
                                    "--nodes", "3", "--runs", "2"])
    assert res.exit_code == 0, res.output
    assert "0 violations" in res.output
