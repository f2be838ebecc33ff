"""A callee's local that is dead but may still be in scope when the program stops dies where
the call returns, not after its last use.  In ``finish(l != NULL)`` with ``if (c) exit(0);``
in ``finish``, the list ``l`` holds is still reachable from an active frame at the exit (not
lost: memcleanup, not valid-memtrack); the call returns only with ``l`` empty.  A kill right
after the last use reported the list lost on the path that exits."""

from pathlib import Path

import pytest

from conftest import assert_embedded, c2tvp, c_verdicts
from tvla.cfront import ir
from tvla.cfront.lower import lower_file

CORPUS = Path(__file__).resolve().parent.parent / "programs" / "c"
HELD = CORPUS / "sll_exit_in_helper_held.c"
LOST = CORPUS / "sll_exit_in_helper_returns_lost.c"
REENTERED = CORPUS / "stack_frames_loop_exit_reentered.c"
KEPT = CORPUS / "sll_abort_in_helper_kept.c"


def test_the_local_dies_on_the_callers_edges_after_the_call():
    kills = [e for e in lower_file(str(HELD)).edges if isinstance(e.stmt, ir.Kill) and e.stmt.var == "l"]
    assert kills and all(e.stmt.scope_end and not e.frames for e in kills)


def test_a_list_held_by_a_frame_the_program_exits_in_is_not_lost(tmp_path):
    # the analysis alone: no concrete run stands in for the proof
    assert c_verdicts(tmp_path, HELD.read_text(), concrete=False) == ("true", "false", "true")


def test_a_list_lost_when_the_call_returns_is_still_found(tmp_path):
    assert c_verdicts(tmp_path, LOST.read_text()) == ("false (valid-memtrack)", "false", "true")


def test_a_cell_lost_by_an_earlier_call_of_a_function_called_in_a_loop_is_found(tmp_path):
    # the later call may exit before writing its local again: the earlier call's cell was lost
    # when that call returned, and the kill there reports it
    assert c_verdicts(tmp_path, REENTERED.read_text()) == ("false (valid-memtrack)", "false", "true")


def test_a_dead_local_whose_cell_another_local_returns_loses_nothing(tmp_path):
    assert c_verdicts(tmp_path, KEPT.read_text()) == ("true", "false", "true")


def test_the_concrete_runs_embed_in_the_analysis(tmp_path):
    assert_embedded(*c2tvp(tmp_path, HELD.read_text()))


NESTED = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
struct node { struct node *next; int d; };
void g(void) { struct node *b = malloc(sizeof *b); b->next = NULL; STOP }
void f(void) { struct node *a = malloc(sizeof *a); a->next = NULL; g(); }
int main(void) { if (__VERIFIER_nondet_int()) f(); return 0; }
"""


@pytest.mark.parametrize("stop", ["abort();", "exit(0);", "if (__VERIFIER_nondet_int()) abort(); while (1) { }"])
def test_a_local_of_a_deeper_call_does_not_take_the_name_of_one_still_held(tmp_path, stop):
    """``a`` is dead in ``f`` after its last use, but ``f`` is active when ``g`` stops the program:
    ``a`` holds its cell to the end.  Coalescing gave ``g``'s ``b`` the same name, and the malloc
    of ``b`` reported ``a``'s cell lost (a false memtrack violation)."""
    got = c_verdicts(tmp_path, NESTED.replace("STOP", stop), concrete=False)
    assert got == ("true", "false", "true")
