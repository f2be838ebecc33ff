"""Pointer fields no statement reads (tvla.cfront.unread_fields): left out of the analysis, each store
into one only checks its cell.  A doubly linked list walked only forward whose insertion forgets
``q->prev = n`` stopped at the time limit; now it is proved at once.  Cells only such a field
reaches are lost in the analysis, never in C: such a valid-memtrack alarm is decided again with the
field (the verdicts below are C's)."""

import pytest

from conftest import c_verdicts
from tvla.cfront.lower import lower_file

PROPERTIES = ("memsafety", "memcleanup", "unreach-call")

STALE_PREV = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next, *prev; };
int main() {
  struct node *h = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    struct node *q = h, *pr = 0;
    while (q && __VERIFIER_nondet_int()) { pr = q; q = q->next; }
    n->next = q; n->prev = pr;
    if (pr) pr->next = n; else h = n;
  }
  while (h) { struct node *x = h->next; free(h); h = x; }
  return 0;
}
"""


def test_a_field_no_statement_reads_leaves_the_analysis(tmp_path):
    path = tmp_path / "p.c"
    path.write_text(STALE_PREV)
    prog = lower_file(str(path))
    assert [f for st in prog.structs for f, _ in st.pointer_fields] == ["next"]
    assert lower_file(str(path), final_kills=False).structs[0].pointer_fields == (("next", "node"), ("prev", "node"))
    assert c_verdicts(tmp_path, STALE_PREV, PROPERTIES) == ("true", "true", "true")


ONLY_PREV = """#include <stdlib.h>
struct node { struct node *next, *prev; };
int main() {
  struct node *a = malloc(sizeof *a);
  struct node *b = malloc(sizeof *b);
  b->next = NULL;
  b->prev = a;
  END
  return 0;
}
"""


@pytest.mark.parametrize("end, want", [
    ("a = NULL;", ("true", "false", "true")),                            # a stays reachable through b->prev
    ("a = NULL; free(b);", ("false (valid-memtrack)", "false", "true")),  # lost when b is freed, not before
    ("free(b); b->prev = NULL; free(a);", ("false (valid-deref)", "true", "true")),   # the store checks its cell
])
@pytest.mark.parametrize("concrete", [False, True])
def test_a_cell_only_an_unread_field_reaches_is_lost_as_in_c(tmp_path, end, want, concrete):
    assert c_verdicts(tmp_path, ONLY_PREV.replace("END", end), PROPERTIES, concrete=concrete) == want
