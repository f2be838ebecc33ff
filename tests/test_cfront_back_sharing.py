"""The last run of ``tvla verify`` on a list with back links adds their sharing ``is[prev]``
(:class:`tvla.cfront.library.Precision`): dancing links are proved, and the predicate's updates
hold on concrete stores."""

import os
import subprocess
import sys

from conftest import ROOT

from tvla.cfront.library import Precision
from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, precisions, verify_files, write_translation

CORPUS = os.path.join(ROOT, "programs", "c")
ALL = ("memsafety", "memcleanup", "unreach-call")


def test_only_a_list_with_back_links_gets_the_run_with_their_sharing():
    def runs(name):
        return precisions(lower_file(os.path.join(CORPUS, name)), VerifyOptions(ALL))
    assert runs("dll_dancing_links.c") == (Precision(), Precision(back_sharing=True))
    assert runs("sll_double_free.c") == (Precision(),)
    assert runs("tree_parent.c") == (Precision(),)   # many children share a parent


def test_dancing_links_are_proved_and_a_dropped_cell_is_found():
    got = verify_files([os.path.join(CORPUS, n) for n in ("dll_dancing_links.c", "dll_dancing_links_dropped.c")],
                       VerifyOptions(ALL), jobs=1)
    assert [[p.verdict for p in f.properties] for f in got] == [["true"] * 3, ["true", "false", "true"]]


def test_the_updates_of_back_sharing_hold_on_concrete_stores(tmp_path):
    cprog = lower_file(os.path.join(CORPUS, "dll_dancing_links.c"))
    tr, tvp, tvs = write_translation(cprog, ("memsafety",), str(tmp_path), Precision(back_sharing=True))
    assert "%i is[prev](v) = E(v_1, v_2) prev(v_1, v) & prev(v_2, v) & v_1 != v_2" in tr.tvp
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", tvp, tvs, "--nodes", "4", "--runs", "0"],
                           capture_output=True, text=True, timeout=300)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr


def test_a_dropped_cell_unshares_its_back_edges_target(tmp_path):
    """The unlinked cell of dll_dancing_links_dropped.c dies with x, never used again: the collect
    drops it, and its prev edge no longer shares the cell before it (is[prev] stayed 1: a breach
    stopped the run); the update holds on concrete stores."""
    from tvla.cli.api import load, read_inputs, run_loaded
    cprog = lower_file(os.path.join(CORPUS, "dll_dancing_links_dropped.c"))
    assert any(getattr(e.stmt, "final", False) and e.stmt.var == "x" for e in cprog.edges)
    _tr, tvp, tvs = write_translation(cprog, ("memsafety",), str(tmp_path), Precision(back_sharing=True))
    analysis = load(tvp)
    result = run_loaded(analysis, *read_inputs(analysis, tvs), tvp, tvs)
    assert result.limit_hit is None and not result.messages
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", tvp, tvs, "--nodes", "4", "--runs", "0"],
                           capture_output=True, text=True, timeout=300)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr
