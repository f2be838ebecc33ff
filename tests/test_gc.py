"""The mark-and-sweep collector (specs/gc, programs/gc): verdicts from running
the analysis, TVLA's command line, and concrete runs that embed.

Structure counts are not asserted: they change with the engine's handling of
maybe-active nodes and of the ind join."""

import json
import os

import pytest
from click.testing import CliRunner

from conftest import ROOT
from tvla import analyze
from tvla.cli.main import main

GC = os.path.join(ROOT, "programs", "gc")
MARK = os.path.join(GC, "mark.tvp")
SWEEP_IN = os.path.join(GC, "sweep_in.tvs")


def messages(r):
    return sorted({(m.location, m.text) for m in r.messages})


@pytest.mark.parametrize("join", ["part"])  # ind: too coarse to prove it (see test_ind_is_coarser)
def test_collector_frees_only_garbage_and_marks_every_live_node(join):
    r = analyze(MARK, SWEEP_IN, join=join)
    assert r.verdict == "proved" and messages(r) == []
    # the proof is not vacuous: the sweep and the checks after it are reached
    assert {"sweep", "swept", "exit", "checked"} <= r.reached


@pytest.mark.parametrize("join", ["part"])
def test_forgetting_the_right_field_frees_live_nodes(join):
    r = analyze(MARK, SWEEP_IN, join=join, defines={"FORGET_RIGHT": "1"})
    assert messages(r) == [
        ("sweep", "A node reachable from a root may be unmarked"),
        ("swept", "Sweep may free a node reachable from a root"),
        ("swept", "Sweep may leave a dangling pointer in a marked node"),
    ]


@pytest.mark.parametrize("join", ["rel", "part", "ind"])
def test_sweep_keeps_floating_garbage_that_may_be_marked(join):
    # marked = 1/2 on a garbage node: %retain marked(v) may keep it
    r = analyze(os.path.join(GC, "sweep.tvp"), os.path.join(GC, "marked_in.tvs"), join=join)
    assert messages(r) == [("exit", "A node unreachable from the roots survived the collection")]


def test_tvla_command_line_in_the_program_directory(monkeypatch, tmp_path):
    monkeypatch.chdir(GC)
    out = tmp_path / "out.json"
    res = CliRunner().invoke(main, ["analyze", "mark", "sweep_in", "-props", "gc.properties",
                                    "-join", "part", "-terse", "--json", str(out)])
    assert res.exit_code == 0, res.output
    data = json.loads(out.read_text())
    assert data["verdict"] == "proved" and data["join"] == "part"
    assert data["options"]["action_order"] == "fcpucb"


@pytest.mark.parametrize("define", [[], ["--define", "FORGET_RIGHT"]])
def test_concrete_collections_embed(define):
    res = CliRunner().invoke(main, ["selfcheck", MARK, SWEEP_IN, "--nodes", "2", "--runs", "3"] + define)
    assert res.exit_code == 0, res.output
    assert "0 violations" in res.output


def test_concrete_sweeps_of_floating_garbage_embed():
    res = CliRunner().invoke(main, ["selfcheck", os.path.join(GC, "sweep.tvp"), os.path.join(GC, "marked_in.tvs"),
                                    "--nodes", "3", "--runs", "3"])
    assert res.exit_code == 0, res.output
    assert "0 violations" in res.output


def test_ind_is_coarser_one_structure_per_location():
    # the independent-attribute join keeps one structure per nullary valuation: every
    # live node that not all heaps have may not exist, so alarms appear that part rules out
    r = analyze(MARK, SWEEP_IN, join="ind")
    assert r.limit_hit is None and all(len(ss) <= 1 for ss in r.locations.values())
    assert r.verdict == "alarms" and set(r.reached) >= set(analyze(MARK, SWEEP_IN).reached)
