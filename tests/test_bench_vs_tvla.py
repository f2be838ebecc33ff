"""``python -m tvla.bench --vs-tvla PATH`` (issue 21): TVLA's and our time, memory and
stored structures side by side.  No test needs TVLA: a stand-in launcher plays it."""

import os
import stat
import sys

from click.testing import CliRunner

from conftest import ROOT
from tvla.cli.bench import (Side, count_tvs_structures, main, measure, run_tvla, strip_print_list,
                            vs_tvla_table)

# What TVLA's -tvs writes: a breach's structure before the locations, a structure
# with a message written once more after its %message, an empty location.
TVS = """// TVLA version 3 (built on July 26 2017)


// Constraint Breached: [...] on assignment {v_1=1, v_2=2}
  %n = {_3, _2, _1}
  %p = {
    x = {_3:1}
  }
%location L0 = {
  %n = {}
  %p = {
  }

  %n = {_0}
  %p = {
    x = {_0:1}
  }
}

%location L3 = {
  %message "Illegal dereference to n component of t"
  %message "another message"
  %n = {_0}
  %p = {
  }

  %n = {_0}
  %p = {
  }
}

%location exit = {
}
"""


def test_stored_structures_are_counted_per_location_from_tvlas_tvs():
    assert count_tvs_structures(TVS) == 3
    assert count_tvs_structures("") == 0


def test_the_print_list_is_stripped_so_every_location_is_written():
    prog = "%s PVar {x}\n%%\n%action A() {\n}\n%%\nL0 A() exit\n%% exit,\n   L0\n"
    assert strip_print_list(prog) == "%s PVar {x}\n%%\n%action A() {\n}\n%%\nL0 A() exit\n"
    assert strip_print_list("%%\n%%\nL0 A() exit\n") == "%%\n%%\nL0 A() exit\n"


def test_the_table_gives_ratios_their_geometric_means_and_the_errors():
    rows = [("sll/reverse list part", Side("ok", 1.0, 64, 20, "TVLA stopped: constraint breach at L5"),
             Side("ok", 0.5, 32, 63)),
            ("sll/append two_lists part", Side("ok", 2.0, 80, 87), Side("ok", 0.5, 20, 87)),
            ("sorting/merge two_sorted rel", Side("timeout", 300.4, 900), Side("ok", 3.0, 40, 1246)),
            ("tree/find bst part", Side("error", 0.5, 50, note="Syntax error in line 140 of file a.tvp"),
             Side("ok", 0.8, 30, 93))]
    lines = vs_tvla_table(rows, 300)
    assert lines[0].split() == ["analysis", "TVLA", "s", "ours", "s", "ratio", "TVLA", "MB", "ours", "MB",
                                "ratio", "TVLA", "st", "ours", "st", "note"]
    assert lines[2].split() == ["sll/reverse", "list", "part", "1.00", "0.50", "0.50", "64", "32", "0.50",
                                "20", "63", "stored", "differ;", "TVLA", "stopped:", "constraint", "breach",
                                "at", "L5"]
    assert lines[3].split() == ["sll/append", "two_lists", "part", "2.00", "0.50", "0.25", "80", "20", "0.25",
                                "87", "87"]
    assert lines[4].split() == ["sorting/merge", "two_sorted", "rel", ">300", "3.00", "-", "900", "40", "-",
                                "-", "1246"]
    assert lines[5].split()[3:] == ["error", "0.80", "-", "error", "30", "-", "error", "93", "TVLA", "error",
                                    "(below)"]
    assert lines[7].split() == ["geometric", "mean", "(2", "rows)", "0.35", "0.35"]
    assert lines[8].split() == ["geometric", "mean", "(same", "stored,", "1", "rows)", "0.25", "0.25"]
    assert lines[9:] == ["TVLA error: Syntax error in line 140 of file a.tvp", "    tree/find bst part"]


def test_a_missing_launcher_is_a_clean_error(tmp_path):
    missing = str(tmp_path / "nowhere" / "tvla")
    res = CliRunner().invoke(main, ["--vs-tvla", missing, os.path.join(ROOT, "programs", "sll")])
    assert res.exit_code == 2
    assert res.output.strip() == f"tvla.bench: {missing}: no such TVLA launcher"


def test_a_child_is_timed_and_killed_at_the_limit(tmp_path):
    m = measure([sys.executable, "-c", "print('hello')"], str(tmp_path), 60)
    assert m.code == 0 and m.output.strip() == "hello" and m.seconds > 0 and m.mb > 1
    m = measure([sys.executable, "-c", "import time; time.sleep(30)"], str(tmp_path), 0.5)
    assert m.code is None and m.seconds < 20


def fake_launcher(tmp_path, body):
    """A shell script standing in for TVLA's launcher; it records its arguments and
    working directory, then runs ``body``."""
    path = tmp_path / "tvla"
    path.write_text('#!/bin/sh\necho "$PWD" "$@" > "' + str(tmp_path / "args") + '"\n' + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_tvla_runs_in_a_copy_with_the_include_layout_and_its_tvs_is_counted(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    body = ('while [ "$1" != -tvs ]; do shift; done\nprintf \'%%location L0 = {\\n  %%n = {}\\n}\\n\' > "$2"\n'
            'echo "Analysis finished."\n')
    launcher = fake_launcher(tmp_path, body)
    root = tmp_path / "copy"
    root.mkdir()
    side = run_tvla(launcher, str(root), ("programs/sll", "reverse", "list", "rel", None), 60)
    assert side.state == "ok" and side.stored == 1 and side.note == ""
    cwd, *args = (tmp_path / "args").read_text().split()
    assert cwd == str(root / "programs" / "sll") and args[:4] == ["reverse", "list", "-join", "rel"]
    assert (root / "specs" / "sll" / "preds.tvp").is_file()
    assert "%% exit" not in (root / "programs" / "sll" / "reverse.tvp").read_text()


def test_a_tvla_failure_is_an_error_with_its_reason(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    launcher = fake_launcher(tmp_path, 'echo "Running TVP mode"\necho "Syntax error in line 3 of file x.tvp"\n'
                                       "exit 255\n")
    root = tmp_path / "copy"
    root.mkdir()
    side = run_tvla(launcher, str(root), ("programs/sll", "reverse", "list", "part", None), 60)
    assert side.state == "error" and side.note == "Syntax error in line 3 of file x.tvp"


def test_the_whole_command_with_a_stand_in_tvla_that_times_out(tmp_path, monkeypatch):
    bench = tmp_path / "bench"
    bench.mkdir()
    (bench / "bench.txt").write_text("# program input\nstep empty\n")
    (bench / "step.tvp").write_text('%p x(v) unique\n%%\n%action A() {\n  %t "a"\n}\n%%\nL0 A() L1\n')
    (bench / "empty.tvs").write_text("%n = {}\n%p = {}\n")
    monkeypatch.chdir(tmp_path)
    launcher = fake_launcher(tmp_path, "sleep 30\n")
    res = CliRunner().invoke(main, ["--vs-tvla", launcher, "--timeout", "1", "bench"])
    assert res.exit_code == 0, res.output
    [row] = [line.split() for line in res.output.splitlines() if line.startswith("bench/step empty part")]
    assert row[3] == ">1" and row[5] == "-" and row[8] == "-" and row[9:] == ["-", "2"], row
    assert res.output.splitlines()[-2].split()[:4] == ["geometric", "mean", "(0", "rows)"]
