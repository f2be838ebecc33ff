"""A list closed into a ring through a struct variable (``static struct node head = { &head }``,
Linux's ``LIST_HEAD``) whose cells are ordered by their data: t[T] leaves out the head's own
edges, so a walk along the ring tells the cells behind it from those ahead (a bubble sort's
pass), while r[T,head] and the reach of the leak checks still go through the head
(tvla.cfront.library, ``Library.sentinel``)."""

import os
import subprocess
import sys

import pytest

from tvla.cfront.library import build_library, needs_of
from tvla.cfront.lower import lower_file
from tvla.cli.verify import write_translation
from conftest import corpus_verdicts


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "programs", "c")


def verdicts(name, *props):
    return corpus_verdicts(name, props)


def test_a_bubble_sort_along_a_ring_is_proved_to_sort():
    got = verdicts("sll_ring_head_bubble_sort.c", "unreach-call")["unreach-call"]
    assert got.verdict == "true", got.reason


def test_a_pass_that_stops_one_pair_early_leaves_the_ring_unsorted():
    got = verdicts("sll_ring_head_bubble_short_pass.c", "unreach-call")["unreach-call"]
    assert got.verdict == "false" and got.witness, got.reason


def test_a_cell_dropped_from_the_ring_is_a_leak():
    got = verdicts("sll_ring_head_free_half.c", "memsafety")["memsafety"]
    assert (got.verdict, got.violated) == ("false", "valid-memtrack") and got.witness, got.reason


@pytest.mark.parametrize("name, cut", [("sll_ring_head_bubble_sort.c", True), ("klist_bubble_sort.c", True),
                                       ("klist_foreach.c", False), ("sll_free_global_sentinel.c", False),
                                       ("sll_queue_local_struct.c", False)])
def test_only_a_ring_whose_cells_are_ordered_leaves_the_head_edges_out(name, cut):
    """A struct variable that only points into a list (no cell points to it), or a ring whose cells
    are not ordered by their data (no sort's pass to follow), keeps its edges in t[T]."""
    lib = build_library(lower_file(os.path.join(CORPUS, name)), needs_of(("memsafety",)))
    assert bool(lib.sentinel) == cut and (lib.stack_roots > 0) == cut


def test_the_ring_program_embeds_its_concrete_runs(tmp_path):
    tr, tvp, tvs = write_translation(lower_file(os.path.join(CORPUS, "sll_ring_head_bubble_sort.c")),
                                     ("memsafety", "memcleanup", "unreach-call"), str(tmp_path))
    assert "& !nonheap(v_1)" in tr.tvp
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", tvp, tvs, "--nodes", "3"],
                           capture_output=True, text=True)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr
