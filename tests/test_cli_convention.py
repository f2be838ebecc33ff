"""One command-line convention for every subcommand (what a new user tripped over)."""

import os

from click.testing import CliRunner

from conftest import ROOT
from tvla.cli.main import main

SLL = os.path.join(ROOT, "programs", "sll")
WALK = os.path.join(ROOT, "tests", "data", "termination", "walk")


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_selfcheck_takes_tvla_names_and_macros(monkeypatch):
    monkeypatch.chdir(SLL)
    res = run("selfcheck", "reverse", "list", "--nodes", "1", "--runs", "0")
    assert res.exit_code == 0 and "0 violations" in res.output, res.output
    res = run("selfcheck", WALK, os.path.join(SLL, "list"), "-DSTUCK", "--nodes", "1", "--runs", "0")
    assert res.exit_code == 0 and "0 violations" in res.output, res.output


def test_a_mistyped_option_is_named_as_typed_with_the_closest_one():
    for cmd in ("analyze", "selfcheck", "check"):
        res = run(cmd, os.path.join(SLL, "reverse"), os.path.join(SLL, "list"), "-joni", "rel")
        assert res.exit_code == 2, (cmd, res.output)
        assert "no such option: -joni (did you mean -join?)" in res.output, (cmd, res.output)


def test_a_witness_bound_asks_for_the_witness():
    res = run("analyze", os.path.join(SLL, "search_null"), os.path.join(SLL, "list"), "-terse",
              "--witness-nodes", "2")
    assert "    witness: 3 steps, 0 nodes" in res.output


def test_a_program_without_checks_is_vacuous(write):
    prog = write("nocheck.tvp", '%p x(v) unique\n%%\n%action A() {\n  %t "a"\n}\n%%\nL0 A() L1\n')
    tvs = write("nocheck.tvs", "%n = {}\n%p = {}\n")
    res = run("analyze", prog, tvs, "-terse")
    assert res.output.rstrip().endswith("Verdict: vacuous (0 proved, 0 alarms, 0 unreached)")


def test_a_breach_is_not_called_a_limit(tmp_path):
    stack = os.path.join(ROOT, "docs", "examples", "stack")   # breaches without differencing
    res = run("analyze", stack, stack, "-terse", "--no-differencing", "--html", str(tmp_path / "r"))
    assert "L0: constraint breached after 't = malloc()': the reflexive property of t[n]" in res.output
    assert "limit reached" not in res.output
    page = (tmp_path / "r" / "index.html").read_text()
    assert "at a constraint breach found by the coerce after an update (" in page
    assert "limit reached" not in page
