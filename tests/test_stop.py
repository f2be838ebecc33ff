"""A stop asked while an action is applied is honoured there, not after it: one focus of a
large structure (``-join ind`` on the sorting analyses) can run for a minute, and Ctrl-C or a
time limit must not wait for it."""

import os
from collections import defaultdict
from typing import List

import pytest

from tvla.cli.api import load, read_inputs, run_loaded
from tvla.engine.action import Interrupted

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROG = os.path.join(ROOT, "programs", "sll", "reverse.tvp")
INPUT = os.path.join(ROOT, "programs", "sll", "list.tvs")


def test_a_stop_asked_during_focus_interrupts_the_application():
    an = load(PROG)
    structures, _ = read_inputs(an, INPUT)
    [edge] = [e for e in an.program.edges if e.source == "L4"]   # x = x->n focuses x->n
    action = an.compiled_action(edge)
    longest = structures[-1]        # x on a list of two or more: focus splits its summary node
    stats: defaultdict = defaultdict(float)
    assert len(action.apply(longest.copy(), stats, lambda m: None)) > 1
    polls: List[int] = []

    def stop() -> bool:      # false before the first step, true from the first split on
        polls.append(1)
        return len(polls) > 1
    with pytest.raises(Interrupted):
        action.apply(longest.copy(), stats, lambda m: None, None, stop)
    assert len(polls) == 2


def test_a_run_stopped_inside_an_application_ends_interrupted_with_what_it_stored():
    an = load(PROG)
    structures, given = read_inputs(an, INPUT)
    polls: List[int] = []

    def stop() -> bool:
        polls.append(1)
        return len(polls) > 12
    result = run_loaded(an, structures, given, PROG, INPUT, should_stop=stop)
    assert result.limit_hit == "interrupted"
    assert len(polls) <= 14      # the step's end polls once more; nothing more is applied
    full = run_loaded(load(PROG), structures, given, PROG, INPUT)
    assert 0 < sum(map(len, result.locations.values())) < sum(map(len, full.locations.values()))


def test_selfcheck_of_an_analysis_stopped_early_checks_nothing(monkeypatch):
    """A partial result (the memory ran out) holds too few structures: a concrete store that
    embeds in none of them is no violation, so nothing is checked and the status says so."""
    from dataclasses import replace

    from click.testing import CliRunner

    from tvla.cli.api import selfcheck_files
    from tvla.cli.main import main
    from tvla.engine.fixpoint import Analysis
    complete, ok = selfcheck_files(PROG, INPUT, nodes=2, runs=0, steps=50)
    assert ok is True, complete
    run = Analysis.run
    monkeypatch.setattr(Analysis, "run", lambda self, *a, **k: replace(run(self, *a, **k), limit_hit="memory"))
    lines, ok = selfcheck_files(PROG, INPUT, nodes=2, runs=0, steps=50)
    assert ok is None
    assert lines[1] == "Not checked: the analysis stopped early (memory); a partial result cannot be checked."
    out = CliRunner().invoke(main, ["selfcheck", PROG, INPUT, "--nodes", "2", "--runs", "0"])
    assert out.exit_code == 3 and "Not checked" in out.output
