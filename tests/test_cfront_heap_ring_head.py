"""Rings closed through a heap cell made once (``head->next = head``), sorted by their data.

Through the head every cell of a ring reaches every other, so reachability cannot tell the
cells a bubble sort's passes have left sorted (from ``end`` on) from those still to sort, nor
a selection sort's sorted prefix from the rest: such sorts were ``unknown``.  As for a ring
through a struct variable's cell, t[T] now leaves out the edges out of the head's cell when a
variable holds that one heap cell (one ``malloc``, not in a loop, nothing else but NULL), the
program closes a ring through it and a test compares it with another pointer: the cell is
marked ``rhead`` when it is made, and the leak checks step through it (``Library.heap_heads``).
"""

from pathlib import Path

from conftest import assert_checked, assert_embedded, c2tvp, c_verdicts

CORPUS = Path(__file__).resolve().parent.parent / "programs" / "c"

BUBBLE_END = (CORPUS / "sll_circular_bubble_sort_end.c").read_text()
BUBBLE_END_SHORT = (CORPUS / "sll_circular_bubble_sort_end_short.c").read_text()
SENTINEL_SELECTION = (CORPUS / "sll_circular_sentinel_selection_sort.c").read_text()


def test_a_bubble_sort_whose_passes_shrink_along_a_heap_ring_is_proved(tmp_path):
    assert c_verdicts(tmp_path, BUBBLE_END, concrete=False) == ("true", "true", "true")


def test_passes_that_stop_a_pair_early_leave_the_ring_unsorted(tmp_path):
    assert c_verdicts(tmp_path, BUBBLE_END_SHORT, ("memsafety", "unreach-call")) == ("true", "false")


def test_a_selection_sort_up_to_a_heap_sentinel_is_proved(tmp_path):
    assert c_verdicts(tmp_path, SENTINEL_SELECTION, concrete=False) == ("true", "true", "true")


def test_a_selection_sort_seeking_the_greatest_is_found_unsorted(tmp_path):
    wrong = SENTINEL_SELECTION.replace("if (q->data < m->data)", "if (q->data > m->data)")
    assert wrong != SENTINEL_SELECTION
    assert c_verdicts(tmp_path, wrong, ("unreach-call",)) == ("false",)


# the smallest program with such a head: one cell closed on itself, one inserted behind it
SMALL = """#include <stdlib.h>
struct node { int d; struct node *next; };
int main(void) {
  struct node *h = malloc(sizeof(struct node));
  h->next = h;
  struct node *c = malloc(sizeof(struct node));
  c->next = h->next;
  h->next = c;
  if (c->next != h && c->d <= h->d) c = NULL;
  return 0;
}
"""


def test_the_updates_around_a_heap_head_hold_on_every_small_store(tmp_path):
    tvp, _ = c2tvp(tmp_path, SMALL)
    text = open(tvp).read()
    assert "%p rhead(v)" in text and "rhead(v) = rhead(v) | isNew(v)" in text
    assert_checked(tvp)


def test_the_shrinking_bubble_sort_embeds_its_concrete_runs(tmp_path):
    assert_embedded(*c2tvp(tmp_path, BUBBLE_END))
