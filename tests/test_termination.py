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
