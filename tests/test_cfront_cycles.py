"""Circular lists from C: a cut on a cycle keeps the cells behind it reachable.

Cutting an edge of a cycle (``head->next = n`` when inserting after the head of
a circular list, ``free(p)`` of its first cell) recomputes t[T]; over summary
nodes that closure was 1/2 where the cells are definitely reachable, which gave
false memtrack and NULL-dereference alarms on every circular list.  The
generated library keeps the old pairs into the cut cell and out of the cell
the cut edge led to; ``tvla check`` shows that sound on every store of two cells.
"""

import os
from pathlib import Path
import subprocess
import sys

from conftest import assert_c_embeds, c_verdicts
from tvla.cli.verify import VerifyOptions, verify_files

TVLA = [sys.executable, "-m", "tvla"]
PROPERTIES = ("memsafety", "memcleanup", "unreach-call")

CIRCULAR = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef struct node { struct node *next; int data; } *SLL;
int main(void) {
  SLL head = malloc(sizeof(struct node));
  head->next = head;
  head->data = 1;
  while (__VERIFIER_nondet_int()) {
    SLL n = malloc(sizeof(struct node));
    n->data = 1;
    n->next = head->next;
    head->next = n;
  }
  SLL p = head;
  do {
    if (p->data != 1) reach_error();
    p = p->next;
  } while (p != head);
  p = head->next;
  while (p != head) { SLL q = p->next; free(p); %s }
  free(head);
  return 0;
}
"""


def verdicts(tmp_path, step):
    path = tmp_path / "circ.c"
    path.write_text(CIRCULAR % step)
    [f] = verify_files([str(path)], VerifyOptions(PROPERTIES))
    return {p.name: (p.verdict, p.violated) for p in f.properties}


def test_a_circular_list_built_and_destroyed_is_proved(tmp_path):
    assert verdicts(tmp_path, "p = q;") == {
        "memsafety": ("true", None), "memcleanup": ("true", None), "unreach-call": ("true", None)}


def test_a_use_after_free_in_the_circular_destroy_is_still_found(tmp_path):
    got = verdicts(tmp_path, "p = p->next;")
    assert got["memsafety"] == ("false", "valid-deref")
    assert got["unreach-call"] == ("true", None)


SMALL_CIRCULAR = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct node { struct node *next; } *SLL;
int main(void) {
  SLL head = malloc(sizeof(struct node));
  head->next = head;
  while (__VERIFIER_nondet_int()) {
    SLL n = malloc(sizeof(struct node));
    n->next = head->next;
    head->next = n;
  }
  SLL p = head->next;
  while (p != head) { SLL q = p->next; free(p); p = q; }
  free(head);
  return 0;
}
"""


def c2tvp(tmp_path, name, text):
    (tmp_path / name).write_text(text)
    out = tmp_path / "out"
    r = subprocess.run(TVLA + ["c2tvp", name, "-o", str(out)], cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return str(out / name.replace(".c", ".tvp")), str(out / name.replace(".c", ".tvs"))


def test_the_cyclic_library_is_sound_on_every_small_store(tmp_path):
    # the cut of an edge on a cycle (head->next = n), without data and flags: every store of
    # two cells is checked in seconds (the program above, with its data, takes a minute)
    tvp, _ = c2tvp(tmp_path, "small.c", SMALL_CIRCULAR)
    assert "%i c[next](v)" in open(tvp).read()
    check = subprocess.run(TVLA + ["check", tvp, "--nodes", "2"], capture_output=True, text=True)
    assert check.returncode == 0 and " 0 error(s)" in check.stdout, check.stdout[-2000:]


def test_the_cyclic_program_embeds_its_concrete_runs(tmp_path):
    tvp, tvs = c2tvp(tmp_path, "circ.c", CIRCULAR % "p = q;")
    self_check = subprocess.run(TVLA + ["selfcheck", tvp, tvs], capture_output=True, text=True)
    assert self_check.returncode == 0 and "\n0 violations" in self_check.stdout, self_check.stdout[-2000:]


SORTED_RING = (Path(__file__).resolve().parent.parent / "programs" / "c" / "sll_circular_bubble_sort.c").read_text()


def test_the_cell_before_the_head_of_a_sorted_ring_stays_apart(tmp_path):
    """``p->next != h`` walks a ring from h: ``pre[next,h]`` keeps the cell before h, the one not
    below its successor, out of the summary of the sorted cells between (merged, they were all
    unordered: an alarm without a witness at the check)."""
    tvp, tvs = c2tvp(tmp_path, "ring.c", SORTED_RING)
    # h holds the one cell a ring closes through: t[T] leaves out its edges out (rhead)
    assert "%i pre[next,h](v) = E(v_1) (next(v, v_1) & !rhead(v)) & h(v_1)" in open(tvp).read()
    [f] = verify_files([str(tmp_path / "ring.c")], VerifyOptions(("unreach-call",)))
    assert f.properties[0].verdict == "true"
    check = subprocess.run(TVLA + ["selfcheck", tvp, tvs, "--nodes", "3"], capture_output=True, text=True)
    assert check.returncode == 0 and "\n0 violations" in check.stdout, check.stdout[-2000:]


CORPUS = Path(__file__).resolve().parent.parent / "programs" / "c"
SWAP_NEXT = (CORPUS / "dll_swap_next_returns_head.c").read_text()
# the same, but the helper returns the old head when the first two cells are swapped
OLD_HEAD = (CORPUS / "dll_swap_next_returns_head_old_head.c").read_text()


def test_a_cut_that_opens_a_two_cell_cycle_keeps_the_cells_before_it(tmp_path):
    """The swap closes the cycle a <-> b (b->next = a) before it cuts a->next: the cells from the
    head up to b stay definitely reachable, though the closure over the edges into their summary
    is 1/2 (a path to a cell on no cycle passes none, so not the cut edge).  Before, they were
    1/2: a memtrack alarm at the free loop."""
    assert c_verdicts(tmp_path, SWAP_NEXT) == ("true", "true", "true")


def test_the_swap_that_returns_the_old_head_still_leaks(tmp_path):
    got = c_verdicts(tmp_path, OLD_HEAD)
    assert got == ("false (valid-memtrack)", "false", "true")


def test_the_two_cell_cycle_cut_embeds_its_concrete_runs(tmp_path):
    assert assert_c_embeds(tmp_path, SWAP_NEXT, ("memsafety", "memcleanup"), "--nodes", "4") > 0


REVERSED_FROM_TAIL = (CORPUS / "dll_reverse_from_tail.c").read_text()
# the same, but head and tail are not swapped after the reversal: the cells behind the old head leak
NOT_SWAPPED = (CORPUS / "dll_reverse_from_tail_no_swap.c").read_text()


def test_a_list_reversed_from_its_tail_keeps_the_reversed_cells(tmp_path):
    """Walking a doubly linked list back from its tail, swapping next and prev: the cells
    already reversed lead from the tail into the two-cell cycle at the cell being reversed,
    and cutting that cell's next opens the cycle.  The tail's path enters the cycle at the
    cut edge's end, so it keeps every cell it reached; the closure over the edges through
    the summary of the reversed cells was 1/2 there: memtrack alarms at every step."""
    assert c_verdicts(tmp_path, REVERSED_FROM_TAIL) == ("true", "true", "true")


def test_the_reversal_without_the_swap_still_leaks_at_exit(tmp_path):
    assert c_verdicts(tmp_path, NOT_SWAPPED) == ("true", "false", "true")


def test_the_reversal_from_the_tail_embeds_its_concrete_runs(tmp_path):
    assert assert_c_embeds(tmp_path, REVERSED_FROM_TAIL, ("memsafety", "memcleanup"), "--nodes", "4") > 0
