"""A field tested by order only against constants (``p->size > 500``) gets the strict bound that
decides each test (``lt[size,501]``) and no eq key: two places of a datum where a key beside its
bound made three, so a list of cells of several kinds (a size above or not, a priority) stays
small enough to walk.  Every write sets the bound (a nondet one leaves it unknown)."""

import pytest

from tvla.cfront.library import build_library, needs_of
from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files

FILTER = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef struct packet { int size; int prio; struct packet *next; } Packet;
int main(void) {
  Packet *head = NULL;
  while (__VERIFIER_nondet_int()) {
    Packet *p = malloc(sizeof(Packet));
    p->size = SIZE;
    p->prio = __VERIFIER_nondet_int() ? 1 : 0;
    p->next = NULL;
    if (DROP) { free(p); continue; }
    p->next = head;
    head = p;
  }
  for (Packet *q = head; q != NULL; q = q->next)
    if (CHECK) reach_error();
  while (head) { Packet *t = head->next; free(head); head = t; }
  return 0;
}
"""


def write(tmp_path, drop="p->size > 500 && p->prio == 0", check="q->size > 500 && q->prio != 1",
          size="__VERIFIER_nondet_int()", kind="int"):
    path = tmp_path / "filter.c"
    path.write_text(FILTER.replace("DROP", drop).replace("CHECK", check).replace("SIZE", size)
                    .replace("{ int size;", "{ " + kind + " size;"))
    return str(path)


def test_an_order_test_with_a_constant_is_a_strict_bound(tmp_path):
    lib = build_library(lower_file(write(tmp_path, check="q->size >= 400 && q->size > 500 && q->prio != 1")),
                        needs_of(["unreach-call"]))
    assert lib.bounds["size"] == (400, 501)
    assert "size" not in lib.keys   # no eq[size,500]: only == and != tests and writes give keys
    assert lib.keys["prio"] == (0, 1)


def test_a_constant_written_and_compared_by_equality_stays_a_key(tmp_path):
    lib = build_library(lower_file(write(tmp_path, check="q->size == 500 || q->size > 500 && q->prio != 1")),
                        needs_of(["unreach-call"]))
    assert lib.bounds["size"] == (501,)
    assert lib.keys["size"] == (500,)


@pytest.mark.parametrize("drop, check, size, verdict", [
    # the filter that drops the right priority is programs/c/sll_packet_filter.c (true, 14 s)
    ("p->size >= 500", "q->size > 500", "__VERIFIER_nondet_int()", "true"),
    # 501 passes the filter and fails the check: found with a witness
    ("p->size > 501", "q->size > 500", "__VERIFIER_nondet_int()", "false"),
    ("p->size > 500 && p->prio == 1", "q->size > 500 && q->prio != 1", "__VERIFIER_nondet_int()", "false"),
    # constants written: their place against the bound is known without a key
    ("0", "q->size > 500", "__VERIFIER_nondet_int() ? 100 : 500", "true"),
    ("0", "q->size > 500", "__VERIFIER_nondet_int() ? 100 : 501", "false"),
    ("0", "q->size <= 100 && q->prio == 0", "__VERIFIER_nondet_int() ? 101 : 500", "true"),
])
def test_a_filter_by_size_and_priority(tmp_path, drop, check, size, verdict):
    [f] = verify_files([write(tmp_path, drop, check, size)], VerifyOptions(("unreach-call",)))
    got = f.properties[0]
    assert got.verdict == verdict, got.reason


CHOSEN = """#include <stdlib.h>
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
struct node { struct node *next; int d; };
int main(void) {
  int x = __VERIFIER_nondet_uchar();
  __VERIFIER_assume(x >= 0);
  struct node *l = malloc(sizeof(struct node));
  l->d = x;
  l->next = NULL;
  if (CHECK) reach_error();
  free(l);
  return 0;
}
"""


@pytest.mark.parametrize("check, verdict", [
    ("l->d > 1", "false"),     # x is 2 or more: a bound of d is one of x's constants
    ("l->d > 255", "true"),
    ("l->d < 0", "true"),
])
def test_a_chosen_value_written_into_a_field_tested_by_order(tmp_path, check, verdict):
    """A field given a value chosen once gets no strict bounds: the value's regions lie between
    the constants tested, its keys (a first version took its place against a strict bound that
    was none of its constants as below: a wrong true)."""
    path = tmp_path / "chosen.c"
    path.write_text(CHOSEN.replace("CHECK", check))
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",)))
    got = f.properties[0]
    assert got.verdict == verdict, got.reason


@pytest.mark.parametrize("drop, verdict", [("p->size >= 500", "true"), ("p->size > 501", "false")])
def test_an_unsigned_field_no_register_holds_has_bounds(tmp_path, drop, verdict):
    path = write(tmp_path, drop, "q->size > 500", kind="unsigned int")
    bounds = build_library(lower_file(path), needs_of(["unreach-call"])).bounds["size"]
    assert bounds == ((500, 501) if ">=" in drop else (501, 502))
    [f] = verify_files([path], VerifyOptions(("unreach-call",)))
    got = f.properties[0]
    assert got.verdict == verdict, got.reason


def test_an_unsigned_field_given_0_keeps_its_strict_bound(tmp_path):
    """The constants a field is given are no bounds: 0 at the unsigned type's least value does not
    keep the bound 501 from it (a key 500 and the test both ways beside it did)."""
    path = write(tmp_path, "p->size > 500 && p->prio == 0", size="__VERIFIER_nondet_int() ? 0 : 7",
                 kind="unsigned int")
    lib = build_library(lower_file(path), needs_of(["unreach-call"]))
    assert lib.bounds["size"] == (501,) and "size" not in lib.keys


@pytest.mark.parametrize("check, verdict", [
    ("q->size < 0 || q->size > 1000000000", "false"),   # a datum below 0 or past 10^9 is nondet
    ("q->size > 0 && q->size < 1000000000 && q->prio > 1", "true"),
])
def test_bounds_far_apart(tmp_path, check, verdict):
    # two bounds 10^9 apart: the rule "no datum between two bounds but the keys" listed every
    # integer between them first, ran out of memory and lost every verdict (a probe of SV-COMP
    # style data checks, 2026-12-04); now a gap wider than the keys is no such run at all
    path = write(tmp_path, drop="0", check=check)
    [f] = verify_files([path], VerifyOptions(("unreach-call",), timeout=60))
    [p] = f.properties
    assert p.verdict == verdict, p.reason
