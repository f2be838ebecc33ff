"""Sorting a Linux-style list (``list_head`` rings through a head standing alone) with getters.

Two gaps kept such sorts ``unknown``.  A getter's result, ``val_of(p) > val_of(q)``, is an int
variable loaded from the cell, and inlining coalesces the temporary of the walk's test
``p->next != &gl_list`` into a callee's named local: ``pre[f,x]`` (the cell before the head
stays apart from the sorted cells between) was made only for a temporary, and only for rings
through heap cells, so the last cell merged with the others and made all of them unordered.
And a second head declared on the stack (``LIST_HEAD(dst)``) re-evaluated t[T] over every
summary's 1/2 edges, since the new nonheap cell changes the relation it closes: reachability
from the first head became 1/2 and memcleanup alarmed.
"""

from pathlib import Path

from conftest import assert_embedded, c2tvp, c_verdicts

CORPUS = Path(__file__).resolve().parent.parent / "programs" / "c"

BUBBLE = (CORPUS / "klist_bubble_sort_getter.c").read_text()
SELECT = (CORPUS / "klist_select_max_getter.c").read_text()
SELECT_WRONG = (CORPUS / "klist_select_min_getter_wrong.c").read_text()


def test_a_bubble_sort_compared_through_a_getter_is_proved_sorted(tmp_path):
    assert c_verdicts(tmp_path, BUBBLE, ("unreach-call",), concrete=False) == ("true",)


def test_a_selection_sort_into_a_second_head_on_the_stack_is_proved(tmp_path):
    assert c_verdicts(tmp_path, SELECT, concrete=False) == ("true", "true", "true")


def test_seeking_the_least_value_instead_leaves_the_list_descending(tmp_path):
    assert c_verdicts(tmp_path, SELECT_WRONG, ("memsafety", "unreach-call")) == ("true", "false")


def test_the_selection_sort_embeds_its_concrete_runs(tmp_path):
    tvp, tvs = c2tvp(tmp_path, SELECT)
    assert "t[linkage_next](v_1, v_2) | isNew(v_1) & isNew(v_2)" in open(tvp).read()
    assert_embedded(tvp, tvs)
