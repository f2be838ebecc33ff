"""-noautomatic (issue 20, item 4): without the automatic closure, coerce runs
fewer rules; a breach after an update stops the run only when the complete rule
set accepts the structure the update started from (docs/engine.md, step c)."""

import os

import pytest

from conftest import ROOT
from tvla import analyze

SLL = os.path.join(ROOT, "programs", "sll")


def bench_entries(directory):
    with open(os.path.join(directory, "bench.txt")) as fh:
        words = [line.split("#", 1)[0].split() for line in fh]
    return [(w[0], w[1]) for w in words if w]


def test_the_readme_example_is_proved_without_automatic_constraints():
    # before: stopped at L5 on 'the definition of t[n]', from a structure the
    # reduced rule set let through although it describes no store
    r = analyze(os.path.join(SLL, "reverse.tvp"), os.path.join(SLL, "list.tvs"), automatic=False)
    assert r.breach is None and r.limit_hit is None
    assert r.messages == []
    assert r.verdict == "proved"


@pytest.mark.parametrize("program,input_name", bench_entries(SLL))
def test_no_list_program_stops_on_a_breach_without_an_alarm_there(program, input_name):
    """A breach that stops a run under -noautomatic follows an alarm of the same
    edge (merge_alias really makes a cycle); the other runs end normally."""
    r = analyze(os.path.join(SLL, program + ".tvp"), os.path.join(SLL, input_name + ".tvs"),
                automatic=False)
    full = analyze(os.path.join(SLL, program + ".tvp"), os.path.join(SLL, input_name + ".tvs"))
    if r.breach is not None:
        assert any((m.location, m.action) == (r.breach.edge.source, r.breach.edge.title) for m in r.messages)
        assert full.breach is not None
    else:
        assert r.limit_hit is None
    # fewer rules never prove more: every alarm of the complete run is still raised
    assert {(m.location, m.text) for m in full.messages} <= {(m.location, m.text) for m in r.messages} \
        or r.breach is not None
