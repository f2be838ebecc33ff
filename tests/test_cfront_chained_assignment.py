"""A chained assignment gives each variable the value of the one to its right: in
``min = max = head->data`` min copies max.  The classification of int variables took the value
of ``max = head->data`` for something it could not follow, so min was left untracked and every
test of it abstracted: the walk that checks each datum against min and max was unknown."""

from pathlib import Path

from conftest import c_verdicts
from tvla.cfront.lower import lower_file

CORPUS = Path(__file__).resolve().parent.parent / "programs" / "c"
MIN_MAX = CORPUS / "sll_min_max_chained.c"
SWAPPED = CORPUS / "sll_min_max_chained_swapped.c"


def test_both_variables_of_a_chained_assignment_are_registers():
    prog = lower_file(str(MIN_MAX))
    assert {iv.name for iv in prog.ints if iv.register} >= {"min", "max"}
    assert not [e for e in prog.edges if "untracked" in str(e.stmt)]


def test_data_checked_against_a_least_and_a_greatest_are_proved_between_them(tmp_path):
    assert c_verdicts(tmp_path, MIN_MAX.read_text()) == ("true", "true", "true")


def test_a_greater_datum_stored_into_the_least_is_found(tmp_path):
    assert c_verdicts(tmp_path, SWAPPED.read_text()) == ("true", "false", "false")
