"""The TVLA-style heavy sorting library (specs/sorting_tvla) and the benchmark's heavy rows."""

import os

from conftest import ROOT
from tvla import analyze
from tvla.cli.bench import DEFAULT_DIRS, run_one, stored_bytes
from tvla.logic.kleene import HALF

SPECS = os.path.join(ROOT, "specs")
UNSORTED = os.path.join(ROOT, "programs", "sorting_tvla", "unsorted.tvs")


def program(write, cfg):
    text = (f'%s PVar {{x, y}}\n#include "{SPECS}/sll/preds.tvp"\n#include "{SPECS}/sorting_tvla/preds.tvp"\n'
            f'%%\n#include "{SPECS}/sll/actions.tvp"\n#include "{SPECS}/sorting_tvla/actions.tvp"\n%%\n{cfg}')
    return write("p.tvp", text)


def messages(r):
    return sorted({(m.location, m.text) for m in r.messages})


def test_snapshot_at_entry_proves_an_untouched_list_a_permutation(write):
    r = analyze(program(write, "L0 Set_Or_L0(x) L1\nL1 Assert_Permutation_L0(x) L2\n"), UNSORTED)
    assert messages(r) == []


def test_dropping_the_head_is_not_a_permutation(write):
    cfg = "L0 Set_Or_L0(x) L1\nL1 Get_Next_L(x, x) L2\nL2 Assert_Permutation_L0(x) L3\n"
    r = analyze(program(write, cfg), UNSORTED)
    assert messages(r) == [("L1", "Illegal dereference to n component of x"),  # the empty list
                           ("L2", "List x may not be a permutation of the input list")]


def test_in_order_separates_nodes(write):
    # inOrder is an abstraction predicate here: a list with an unknown order keeps
    # nodes apart by it (in specs/sorting it is nonabs and they merge)
    r = analyze(program(write, "L0 Set_Or_L0(x) L1\n"), UNSORTED)
    voc = r.vocabulary
    assert voc["inOrder[dle,n]"].index in voc.abs_unary
    assert voc["inROrder[dle,n]"].index in voc.abs_unary
    assert any(s.unary(voc["sm"].index, u) == HALF for s in r.locations["L1"] for u in range(s.n))


def test_bench_lists_the_heavy_variant_and_stops_at_the_time_limit():
    assert "programs/sorting_tvla" in DEFAULT_DIRS
    data = run_one(os.path.join(ROOT, "programs", "sorting_tvla"), "bubble_sort_b", "unsorted", "part", 0)
    assert data["limit"] == "timeout after 0s" and data["phases"] is None


def test_bench_reports_memory_per_stored_structure():
    data = run_one(os.path.join(ROOT, "programs", "sll"), "reverse", "list", "part", 600)
    assert data["limit"] is None and data["structures"] > 0 and data["kb_per_structure"] > 0


def test_stored_bytes_counts_shared_tables_once(write):
    r = analyze(program(write, "L0 Set_Or_L0(x) L1\n"), UNSORTED)
    s = r.locations["L1"][0]
    assert stored_bytes([s, s]) == stored_bytes([s])
