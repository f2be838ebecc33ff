"""``int *`` parameters given the address of a cell's int field (``swap(&p->data, &q->data)``,
``set(&p->data, 1)``): ``*p`` in the callee is that field of the cell."""

import pytest

from tvla.cfront.lower import lower_file
from tvla.cfront import ir
from tvla.cli.verify import VerifyOptions, verify_files

ALL = ("memsafety", "memcleanup", "unreach-call")

SORT = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
int main(void) {
  struct node *h = NULL, *p, *q;
  while (__VERIFIER_nondet_int()) {
    p = malloc(sizeof *p);
    p->data = __VERIFIER_nondet_int();
    p->next = h;
    h = p;
  }
  for (p = h; p; p = p->next)
    for (q = p->next; q; q = q->next)
      if (q->data CMP p->data) swap(&p->data, &q->data);
  for (p = h; p && p->next; p = p->next)
    if (p->data > p->next->data) reach_error();
  while (h) { p = h->next; free(h); h = p; }
  return 0;
}
"""

HELPERS = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
void set(int *x, int v) { *x = v; }
int get(int *x) { return *x; }
int main(void) {
  struct node *h = NULL, *p;
  int k = 0;
  while (__VERIFIER_nondet_int()) {
    p = malloc(sizeof *p);
    set(&p->data, 1);
    p->next = h;
    h = p;
  }
  set(&k, 2);
  for (p = h; p; p = p->next)
    if (get(&p->data) != 1) reach_error();
  if (h) { set(&h->data, 3); if (h->data == 3) reach_error(); }
  while (h) { p = h->next; free(h); h = p; }
  return 0;
}
"""


def verify(tmp_path, src, props=ALL):
    path = tmp_path / "prog.c"
    path.write_text(src)
    [f] = verify_files([str(path)], VerifyOptions(props, concrete=False))
    return {p.name: p for p in f.properties}


def test_a_swap_helper_on_two_cells_is_a_swap_of_their_data(tmp_path):
    path = tmp_path / "prog.c"
    path.write_text(SORT.replace("CMP", "<"))
    prog = lower_file(str(path))
    assert [e.stmt for e in prog.edges if isinstance(e.stmt, ir.SwapData)] == [ir.SwapData("a", "data", "b")]
    assert not prog.unsupported


@pytest.mark.parametrize("cmp, verdict", [("<", "true"), (">", "false")])
def test_a_selection_sort_through_a_swap_helper(tmp_path, cmp, verdict):
    v = verify(tmp_path, SORT.replace("CMP", cmp))
    assert v["unreach-call"].verdict == verdict, v["unreach-call"].reason
    assert v["memsafety"].verdict == "true"


def test_set_and_get_through_a_field_address(tmp_path):
    # every cell is set to 1 through set(&p->data, 1): the walk's get() never sees another value;
    # the head set to 3 is seen (and k, given &k, stays an int variable)
    v = verify(tmp_path, HELPERS, ("unreach-call",))
    p = v["unreach-call"]
    assert p.verdict == "false" and {a.pos.line for a in p.findings} == {19}, p.findings


def test_a_field_of_a_null_pointer_is_dereferenced_where_it_is_used(tmp_path):
    src = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int data; };
void set(int *x, int v) { *x = v; }
int main(void) {
  struct node *p = NULL;
  if (__VERIFIER_nondet_int()) p = malloc(sizeof *p);
  set(&p->data, 1);
  free(p);
  return 0;
}
"""
    v = verify(tmp_path, src, ("memsafety",))
    p = v["memsafety"]
    assert p.verdict == "false" and p.violated == "valid-deref"
    assert [(a.pos.line, a.message) for a in p.findings] == [(4, "valid-deref: NULL pointer x dereferenced")]


def test_a_parameter_given_a_variable_and_a_field_is_both(tmp_path):
    # f(&k) and f(&p->data): each call binds x to what it is given
    src = HELPERS.replace("set(&k, 2);", "set(&k, 2); if (k != 2) reach_error();")
    v = verify(tmp_path, src, ("unreach-call",))
    assert {a.pos.line for a in v["unreach-call"].findings} == {19}
