"""A struct returned by value goes into the caller's struct variable: each ``return x;`` of the
inlined callee copies ``x`` into it (``struct pair q = build();``, ``q = fill();``).  It was
unsupported (every verdict unknown).  A result nothing takes is dropped, so what only it held is
lost when the callee's struct variable dies; a second assignment loses the first result's cells."""

from pathlib import Path

from conftest import assert_embedded, c2tvp, c_verdicts
from tvla.cfront import ir
from tvla.cfront.lower import lower_file

CORPUS = Path(__file__).resolve().parent.parent / "programs" / "c"
PAIR = CORPUS / "struct_return_pair_extra.c"
QUEUE = CORPUS / "struct_return_queue.c"
REASSIGNED = CORPUS / "struct_return_reassigned_leak.c"
DROPPED = CORPUS / "struct_return_dropped_leak.c"


def test_the_return_copies_into_the_callers_struct_variable():
    prog = lower_file(str(PAIR))
    assert not prog.unsupported
    stores = [e.stmt for e in prog.edges if isinstance(e.stmt, ir.Store) and e.pos.line == 18]
    assert {s.dst for s in stores} == {"p"}          # `return p;` writes main's p (the callee's is p_1)
    assert {s.field for s in stores} == {"first", "last"}


def test_a_list_returned_in_a_struct_is_proved_freed(tmp_path):
    assert c_verdicts(tmp_path, QUEUE.read_text(), concrete=False) == ("true", "true", "true")


def test_what_main_still_holds_at_the_end_is_memcleanup_only(tmp_path):
    assert c_verdicts(tmp_path, PAIR.read_text()) == ("true", "false", "true")


def test_a_second_assignment_of_a_returned_struct_loses_the_first(tmp_path):
    assert c_verdicts(tmp_path, REASSIGNED.read_text()) == ("false (valid-memtrack)", "false", "true")


def test_a_dropped_result_loses_its_cells(tmp_path):
    assert c_verdicts(tmp_path, DROPPED.read_text(), concrete=False) == ("false (valid-memtrack)", "false", "true")


def test_the_concrete_runs_embed_in_the_analysis(tmp_path):
    assert_embedded(*c2tvp(tmp_path, REASSIGNED.read_text()))
