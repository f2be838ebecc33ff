"""``bk[b,x](v)``: the cell x's back field points to (:func:`tvla.cfront.library._back_ends`).
An insertion sort in place of a doubly linked list reaches the cell before the next one to insert, and the cell a backward scan stops at, through
``prev`` only; unnamed, each merged with the sorted cells next to it, and its order against its
successor, unknown, made them all unordered (the check of the order was an alarm without a
witness; a forward scan for the insertion point, which stops at c's old predecessor at the
latest, seemed to run past the list's end)."""

import os

from tvla.cfront.library import build_library, needs_of
from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files

from conftest import ROOT, assert_embedded, c2tvp

ALL = ("memsafety", "memcleanup", "unreach-call")
CORPUS = os.path.join(ROOT, "programs", "c")
BACKWARD = os.path.join(CORPUS, "dll_insertion_sort_backward.c")   # q = c->prev; scan back
FORWARD = os.path.join(CORPUS, "dll_insertion_sort_forward_scan.c")   # q = h; scan forward
REVERSED = os.path.join(CORPUS, "sll_to_dll_reverse_by_prev.c")   # x->next = x->prev; x = tmp


def test_the_cells_behind_the_variables_whose_back_field_is_used_are_named():
    lib = build_library(lower_file(BACKWARD), needs_of(ALL))
    assert set(lib.behind) == {("prev", x) for x in ("h", "p", "c", "nx", "q")}
    assert "%i bk[prev,c](v) = E(v_1) c(v_1) & prev(v_1, v)" in lib.declarations()


def test_insertion_sorts_in_place_of_a_doubly_linked_list_are_proved():
    got = verify_files([BACKWARD, FORWARD],
                       VerifyOptions(ALL, concrete=False), jobs=1)
    assert [[p.verdict for p in f.properties] for f in got] == [["true"] * 3] * 2


def selfcheck_of(tmp_path, path, predicate, *options):
    """``tvla selfcheck`` of the translation of ``path`` (which declares ``predicate``): the
    concrete runs embed in the analysis."""
    tvp, tvs = c2tvp(tmp_path, open(path).read(), os.path.basename(path))
    assert predicate in open(tvp).read()
    assert_embedded(tvp, tvs, *options)


def test_the_updates_of_the_back_ends_hold_on_concrete_stores(tmp_path):
    selfcheck_of(tmp_path, FORWARD, "bk[prev,q]", "--nodes", "3", "--runs", "0")


def test_a_variable_copied_into_one_whose_back_field_is_read_is_named_too():
    """No data order: the reversal reads ``x->prev`` only, ``tmp`` is copied into ``x``."""
    lib = build_library(lower_file(REVERSED), needs_of(ALL))
    assert not lib.in_order
    assert {x for _, x in lib.behind} >= {"x", "tmp"}


def test_a_list_reversed_through_its_back_links_is_proved():
    """Its head dead during the reversal, the reversed part hangs off the walk's cell by prev
    only: every cell of it seemed lost (memtrack alarms without a witness)."""
    buggy = os.path.join(CORPUS, "sll_to_dll_reverse_by_prev_early_stop.c")
    got = verify_files([REVERSED, buggy], VerifyOptions(ALL), jobs=1)
    assert [p.verdict for p in got[0].properties] == ["true"] * 3
    assert [p.verdict for p in got[1].properties] == ["false", "false", "true"]
    assert got[1].properties[0].violated == "valid-memtrack" and got[1].properties[0].witness


def test_the_back_ends_of_a_reversal_hold_on_concrete_stores(tmp_path):
    selfcheck_of(tmp_path, REVERSED, "bk[prev,tmp]", "--nodes", "7", "--steps", "3000")


def test_a_ring_with_insertions_before_a_walked_cell_is_proved():
    """``n->prev = p->prev; p->prev->next = n;``: the cell behind p, named by bk[prev,p], was a
    summary's 1/2 edge; the memsafety analysis ran past every time limit (minutes)."""
    path = os.path.join(ROOT, "tests", "data", "c", "cdll_insert_extra_leak.c")
    [f] = verify_files([path], VerifyOptions(ALL, timeout=60), jobs=1)
    assert [(p.name, p.verdict) for p in f.properties] == [
        ("memsafety", "true"), ("memcleanup", "false"), ("unreach-call", "true")]
