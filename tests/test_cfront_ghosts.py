"""Ghost counters (tvla.cfront.ghosts): a length chosen once (``n`` in 2..32 by a guard) and built
by a loop counting up to it or down from a copy of it is the count of the cells that loop made,
so ``i < n`` of a later loop and ``count != n`` are decided by the cells counted.  Before, such
lengths past the values a counter keeps were unknown (list-simple's ``_get_nondet_int(2, 32)``)."""

import os

import pytest
from conftest import ROOT, assert_embedded, corpus_verdicts

from tvla.cfront import ir
from tvla.cfront.lower import lower_file
from tvla.cli.verify import write_translation

PROPS = ("memsafety", "memcleanup", "unreach-call")


@pytest.mark.parametrize("name, expected", [
    ("sll2n_remove_all.c", ("true", "true", "true")),
    ("sll2n_remove_all_run.c", ("true", "true", "true")),
    ("count_up_to_guarded_remove_all.c", ("true", "true", "true")),
    ("count_down_copy_length_check.c", ("true", "true", "true")),
    ("count_up_assume_positive.c", ("true", "true", "true")),   # no bound above
    ("sll_postdecrement_create_remove_all_len32.c", ("true", "true", "true")),   # while (n--): a step first
    ("dll_circular_remove_all_len32.c", ("true", "true", "true")),   # the ring's first cell made before
    ("count_up_two_lists_check_second.c", ("true", "true", "true")),   # the last loop passed tells n
    ("count_down_do_while.c", ("true", "true", "true")),   # the first round steps before the test
    ("count_up_do_while.c", ("true", "true", "true")),
    ("dll2c_remove_all_reverse.c", ("true", "true", "true")),   # i from len - 1 down to 0: the test read on a ghost
    ("sll2n_remove_all_reverse.c", ("true", "true", "true")),   # the cell freed is a temporary's
    ("dll2c_remove_all_countdown_shifted.c", ("true", "true", "true")),   # i from len + 2 down to 3
    ("sll_walk_len_remove_reverse.c", ("true", "true", "true")),   # len counted by a walk: its own marks
    ("dll2c_remove_n_helper.c", ("true", "true", "true")),   # the loop's n a parameter, a copy of len
])
def test_a_length_made_by_a_counting_loop_is_proved_without_runs(name, expected):
    verdicts = corpus_verdicts(name, PROPS, concrete=False)
    assert tuple(verdicts[p].verdict for p in PROPS) == expected, [verdicts[p].reason for p in PROPS]


@pytest.mark.parametrize("name, prop", [
    ("sll2n_remove_all_run_one_more.c", "memsafety"),
    ("count_up_to_guarded_remove_one_more.c", "memsafety"),
    ("count_down_copy_length_off_by_one.c", "unreach-call"),
    ("count_down_negative_bound.c", "unreach-call"),   # n may be below the loop's end: no ghost
    ("count_down_double_step.c", "unreach-call"),      # two steps in a round: no ghost
    ("count_up_bound_changed_after.c", "unreach-call"),   # n written after the loop: no ghost
    ("count_up_break_early.c", "unreach-call"),        # the check is reached through the break too
    ("count_down_step_skipped.c", "unreach-call"),     # a round without a step: no ghost
    ("count_up_assume_positive_count_off.c", "unreach-call"),
    ("dll_circular_remove_all_len32_short.c", "unreach-call"),
    ("count_up_two_lists_second_short.c", "unreach-call"),
    ("count_down_do_while_zero.c", "unreach-call"),   # n == 0: the do-while's round is one too many
    ("dll2c_remove_all_reverse_one_less.c", "unreach-call"),
    ("dll2c_remove_all_reverse_shifted_copy_off.c", "unreach-call"),
    ("dll2c_remove_all_countdown_two_more.c", "memsafety"),
    ("dll2c_remove_all_reverse_some_rounds.c", "unreach-call"),   # a round may remove nothing
    ("sll_walk_len_short_remove_reverse.c", "unreach-call"),   # the walk missed a cell
    ("sll_walk_len_from_one_remove_reverse.c", "memsafety"),   # the walk counted from 1
    ("dll2c_remove_n_helper_one_less.c", "unreach-call"),
])
def test_a_length_the_loop_does_not_make_is_not_proved(name, prop):
    verdict = corpus_verdicts(name, (prop,), concrete=False)[prop]
    assert verdict.verdict != "true", verdict.reason


def ghosts_of(name: str):
    prog = lower_file(os.path.join(ROOT, "programs", "c", name))
    filters = [e.stmt.cond for e in prog.edges if isinstance(e.stmt, ir.Assume) and isinstance(e.stmt.cond, ir.TallyCond)]
    return [iv.name for iv in prog.ints if "ghost" in iv.name], filters


@pytest.mark.parametrize("name", ["count_down_negative_bound.c", "count_down_double_step.c",
                                  "count_up_bound_changed_after.c", "count_up_break_early.c",
                                  "count_down_step_skipped.c", "count_down_do_while_zero.c",
                                  "dll2c_remove_all_reverse_len_changed.c",
                                  "dll2c_remove_all_reverse_step_skipped.c"])
def test_no_ghost_where_the_loop_does_not_fix_the_length(name):
    assert ghosts_of(name)[0] == []


def test_the_filters_after_the_loop_read_the_ghost():
    """Counting up: ``n_ghost = i`` on the exit, and the later ``j < n`` filters compare the ghost;
    the loop's own test still compares n (it is not past the exit)."""
    names, filters = ghosts_of("count_up_to_guarded_remove_all.c")
    assert names == ["n_ghost"]
    assert sorted((c.left, c.right, c.op) for c in filters) == [
        ("i", "n", "<"), ("i", "n", ">="), ("j", "n_ghost", "<"), ("j", "n_ghost", ">=")]


def test_a_ring_made_before_its_loop_is_counted_where_the_loop_is_entered():
    """``last = create(); while (len > 1)``: the ghost starts at 0 and counts the first cell where
    the loop is entered, so ``i < len`` compares it without an offset."""
    names, filters = ghosts_of("dll_circular_remove_all_len32.c")
    assert names == ["len_ghost"]
    assert ("i", "len_ghost", 0, "<") in [(c.left, c.right, c.offset, c.op) for c in filters]


def test_a_loop_counting_down_is_read_on_its_ghost():
    """``for (i = len - 1; i >= 0; i--)`` after a ring of len cells: its ghost counts the rounds
    (``len_ghost2 + i == len - 1`` at the test), so the test's branches are filtered by
    ``len_ghost2 < len`` and its negation, len read on the ghost of the loop that made the ring."""
    names, filters = ghosts_of("dll2c_remove_all_reverse.c")
    assert names == ["len_ghost", "len_ghost2"]
    assert [(c.left, c.right, c.offset, c.op) for c in filters if c.left == "len_ghost2"] == [
        ("len_ghost2", "len_ghost", 0, "<"), ("len_ghost2", "len_ghost", 0, ">=")]


@pytest.mark.parametrize("name, prop", [("count_up_to_guarded_remove_all.c", "memsafety"),
                                        ("count_down_copy_length_check.c", "unreach-call"),
                                        ("dll_circular_remove_all_len32.c", "memsafety"),
                                        ("dll2c_remove_all_reverse.c", "unreach-call"),
                                        ("sll2n_remove_all_reverse.c", "memsafety")])
def test_concrete_runs_embed(tmp_path, name, prop):
    _tr, tvp, tvs = write_translation(lower_file(os.path.join(ROOT, "programs", "c", name)), (prop,), str(tmp_path))
    assert_embedded(tvp, tvs, "--nodes", "2", "--runs", "20")


def test_a_long_run_met_by_the_cells_data_keeps_its_regions():
    """``x > 7`` then ``p->d == x``: no counter for x (its "another value" would leave the test
    of each cell's 5 open), so x keeps the regions of a value chosen once and the cells given 5
    are never x."""
    verdicts = corpus_verdicts("sll_const_before_choice_above.c", PROPS, concrete=False)
    assert tuple(verdicts[p].verdict for p in PROPS) == ("true", "true", "true")
