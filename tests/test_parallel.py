"""A helper process applies actions for the fixpoint (tvla.engine.parallel): the results, the
messages, the breaches and the limits are those of a run alone, also when the helper dies."""

import io
import os
from typing import List

import pytest

import tvla.engine.fixpoint as fixpoint
from tvla.cli.api import run_analysis
from tvla.engine.options import Options
from tvla.engine.results import Result
from tvla.errors import TvlaError
from tvla.lang.tvs import write_tvs

ROOT = os.path.join(os.path.dirname(__file__), "..", "programs")

CASES = [
    ("sorting", "insert_sort", "unsorted", {}),           # proved, many locations
    ("sll", "merge_alias", "aliased", {}),                # stops at a breach of the coerce after an update
    ("tree", "remove_min_bug", "bst", {}),                # messages
    ("gc", "mark", "sweep_in", {}),                       # edges sharing a focus
    ("sorting", "bubble_sort", "unsorted", {"max_structures": 60}),   # stops at a limit
    ("dll", "append", "two_lists", {"save": "back"}),     # locations that store nothing
]


class Counted(fixpoint.Helper):
    made: List["Counted"] = []

    def __init__(self, *args, **kw):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kw)
        Counted.made.append(self)


class Dying(Counted):
    """A helper killed before its first answer is read."""

    def receive(self, block, stop):  # type: ignore[no-untyped-def]
        self.close(kill=True)
        return super().receive(block, stop)


def run(directory: str, program: str, given: str, workers: int, **options: object) -> Result:
    path = os.path.join(ROOT, directory, program + ".tvp")
    return run_analysis(path, os.path.join(ROOT, directory, given + ".tvs"), workers=workers, **options)


def outcome(r: Result) -> tuple:
    text = io.StringIO()
    write_tvs(text, [(loc, r.locations[loc]) for loc in r.order], r.vocabulary)
    messages = [(m.location, m.action, m.text, m.count, m.structures, m.triggers) for m in r.messages]
    return text.getvalue(), messages, r.limit_hit, r.breach, [(c.location, c.status) for c in r.checks]


@pytest.fixture
def eager(monkeypatch: pytest.MonkeyPatch) -> None:
    """The helper from the first location visit on (not after a second)."""
    monkeypatch.setattr(fixpoint, "WARMUP", 0.0)
    monkeypatch.setattr(fixpoint, "Helper", Counted)
    Counted.made = []


@pytest.mark.parametrize("directory,program,given,options", CASES)
def test_helper_gives_the_results_of_a_run_alone(eager: None, directory: str, program: str, given: str,
                                                  options: dict) -> None:
    alone = outcome(run(directory, program, given, 1, **options))
    assert Counted.made == []
    shared = outcome(run(directory, program, given, 2, **options))
    assert len(Counted.made) == 1 and Counted.made[0].conn is None   # used, then stopped
    assert shared == alone


def test_a_helper_that_dies_is_done_without(eager: None, monkeypatch: pytest.MonkeyPatch) -> None:
    alone = outcome(run("sorting", "insert_sort", "unsorted", 1))
    monkeypatch.setattr(fixpoint, "Helper", Dying)
    assert outcome(run("sorting", "insert_sort", "unsorted", 2)) == alone
    assert len(Counted.made) == 1


def test_short_runs_fork_no_helper(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fixpoint, "Helper", Counted)
    Counted.made = []
    run("sll", "reverse", "list", 2)
    assert Counted.made == []   # done within WARMUP


def test_workers_are_at_least_one() -> None:
    with pytest.raises(TvlaError, match="--workers takes a number of at least 1"):
        Options(workers=0)


def test_the_command_line_takes_one_or_two_workers() -> None:
    from click.testing import CliRunner

    from tvla.cli.main import main
    program, given = os.path.join(ROOT, "sll", "reverse.tvp"), os.path.join(ROOT, "sll", "list.tvs")
    ok = CliRunner().invoke(main, ["analyze", program, given, "-terse", "--workers", "1"])
    assert ok.exit_code == 0 and "Verdict: proved" in ok.output
    bad = CliRunner().invoke(main, ["analyze", program, given, "--workers", "3"])
    assert bad.exit_code == 2 and "--workers" in bad.output
