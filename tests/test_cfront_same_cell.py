"""Two int fields compared in one cell (``i->order > i->stock``) are ordered by ``fle[d,e](v)``
(v->d <= v->e): written from the value's bounds, keys or register order against the other field,
tested exactly, so an invariant between a cell's own fields (an order never above its stock) is
proved, where the comparison used to go both ways."""

import pytest

from tvla.cfront.library import build_library, needs_of
from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files

CART = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef struct node { struct node *next; int stock; int order; } Node;
int main() {
  Node *l = NULL;
  while (__VERIFIER_nondet_int()) {
    int stock = __VERIFIER_nondet_int();
    if (stock < 0) continue;
    Node *new = malloc(sizeof(Node));
    new->stock = stock; new->order = 0; new->next = l; l = new;
  }
  Node *i = l;
  while (i != NULL) {
    int order = __VERIFIER_nondet_int();
    if (DRAW) continue;
    i->order = order;
    i = i->next;
  }
  for (i = l; i != NULL; i = i->next)
    if (CHECK) reach_error();
  while (l) { Node *t = l->next; free(l); l = t; }
  return 0;
}
"""


def write(tmp_path, draw="order < 0 || i->stock < order", check="i->order > i->stock"):
    path = tmp_path / "cart.c"
    path.write_text(CART.replace("DRAW", draw).replace("CHECK", check))
    return str(path)


def test_fields_compared_in_one_cell_get_an_order(tmp_path):
    lib = build_library(lower_file(write(tmp_path)), needs_of(["unreach-call"]))
    assert lib.same_cell == (("order", "stock"),)
    declared = lib.declarations().splitlines()
    assert f"%p {lib.fle('order', 'stock')} nonabs" in declared
    assert f"%r !{lib.fle('order', 'stock')} ==> {lib.fle('stock', 'order')}" in declared
    # a register holding both fields: order <= x <= stock
    assert f"%r {lib.reg('order', 'order', below=True)} & {lib.reg('stock', 'order')} ==> " \
           f"{lib.fle('order', 'stock')}" in declared


@pytest.mark.parametrize("draw, check, verdict", [
    ("order < 0 || i->stock < order", "i->order > i->stock", "true"),
    ("order < 0 || i->stock < order", "i->stock < i->order || i->order < 0", "true"),
    ("order < 0 || order > i->stock", "!(i->order <= i->stock)", "true"),
    # an order equal to its stock is drawn: found with a witness (the stock is written while the
    # order is not yet, and the order's write, 0 against stock's bound 0, sets it again)
    ("order < 0 || i->stock < order", "i->order >= i->stock", "false"),
    # an order drawn above its stock: the register's order against the stock is not tracked (it
    # is never compared with it), so that write leaves it unknown: no witness
    ("order < 0", "i->order > i->stock", "unknown"),
])
def test_an_order_never_above_its_own_stock(tmp_path, draw, check, verdict):
    [f] = verify_files([write(tmp_path, draw, check)], VerifyOptions(("unreach-call",), concrete=False))
    got = f.properties[0]
    assert got.verdict == verdict, got.reason


@pytest.mark.parametrize("lo, hi, keys, ends", [
    (0, None, {0}, (1, None)),          # [0, inf) but 0: from 1 on
    (None, 0, set(), (None, -1)),
    (0, 2, {0, 1}, ("empty", None)),    # every integer of [0, 2) a key
    (0, 4, {0, 3}, (1, 2)),
])
def test_the_ends_of_a_run_between_bounds(lo, hi, keys, ends):
    from tvla.cfront.ir import free_ends
    assert free_ends(lo, hi, keys) == ends


def test_a_constant_against_a_field_is_decided_by_its_keys_and_bounds(tmp_path):
    """``order = 0`` against a stock kept non-negative (bound 0, key 0): order <= stock, and
    stock <= order exactly when stock is 0 (no datum of the run above the bound is 0)."""
    from tvla.cfront.library import same_cell_updates
    lib = build_library(lower_file(write(tmp_path)), needs_of(["unreach-call"]))
    ups = dict(same_cell_updates(lib, "order", lambda a: f"i({a})", 0))
    assert ups[lib.fle("order", "stock")] == f"(i(v) ? !{lib.lt('stock', 0)} : {lib.fle('order', 'stock')})"
    below = ups[lib.fle("stock", "order")]
    assert "1/2" not in below and lib.eq("stock", 0) in below


RANGES = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef struct node { struct node *next; int lo; int hi; } Node;
int main(void) {
  Node *l = NULL;
  while (__VERIFIER_nondet_int()) {
    Node *p = malloc(sizeof(Node));
    BODY
    p->next = l; l = p;
  }
  for (Node *q = l; q; q = q->next)
    if (CHECK) reach_error();
  while (l) { Node *t = l->next; free(l); l = t; }
  return 0;
}
"""


@pytest.mark.parametrize("body, check, verdict", [
    ("p->lo = __VERIFIER_nondet_int(); p->hi = p->lo;", "q->lo != q->hi", "true"),   # a copy in one cell
    # 0 == lo <= 0 <= hi: a key at a bound of the other field
    ("p->lo = 0; p->hi = __VERIFIER_nondet_int(); if (p->hi < 0) p->hi = 0;", "q->hi < q->lo", "true"),
    ("p->lo = 0; p->hi = __VERIFIER_nondet_int();", "q->hi < q->lo", "false"),
    ("p->lo = __VERIFIER_nondet_int(); p->hi = __VERIFIER_nondet_int();"
     " if (p->lo > p->hi) { int t = p->lo; p->lo = p->hi; p->hi = t; }", "q->lo > q->hi", "true"),
])
def test_ranges_kept_in_each_cell(tmp_path, body, check, verdict):
    path = tmp_path / "ranges.c"
    path.write_text(RANGES.replace("BODY", body).replace("CHECK", check))
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",), concrete=False))
    got = f.properties[0]
    assert got.verdict == verdict, got.reason


def test_the_places_of_a_datum(tmp_path):
    """stock: key 0, bound 0 (``stock < 0`` drawn away): 0 itself, below 0, from 1 on; a rule
    orders each two places of which every integer lies on one side of the other's."""
    lib = build_library(lower_file(write(tmp_path)), needs_of(["unreach-call"]))
    eq0, lt0 = lib.eq("stock", 0), lib.lt("stock", 0)
    assert lib.places("stock") == [(eq0, 0, 0), (f"(!{eq0} & {lt0})", None, -1), (f"(!{eq0} & !{lt0})", 1, None)]
    declared = lib.declarations().splitlines()
    assert f"%r ({lib.eq('order', 0)} & (!{eq0} & !{lt0})) ==> {lib.fle('order', 'stock')}" in declared


def _laters(tmp_path, body):
    from tvla.cfront import ir
    path = tmp_path / "later.c"
    path.write_text(RANGES.replace("BODY", body).replace("CHECK", "q->lo > q->hi"))
    return {(e.stmt.field, e.stmt.later) for e in lower_file(str(path)).edges if isinstance(e.stmt, ir.SetData)}


def test_a_write_before_the_other_fields_write_knows_it(tmp_path):
    """``SetData.later``: the fields of the new cell written after it on the straight path from the
    allocation; none where another path leads to the write (its cell may be another one there)."""
    assert _laters(tmp_path, "p->lo = 1; p->hi = 2;") == {("lo", ("hi",)), ("hi", ())}
    joined = "if (__VERIFIER_nondet_int()) p->hi = 0; p->lo = 1; p->hi = 2;"
    assert ("lo", ()) in _laters(tmp_path, joined)


THREE = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef struct node { struct node *next; int lo; int mid; int hi; } Node;
int main(void) {
  Node *l = NULL;
  while (__VERIFIER_nondet_int()) {
    Node *p = malloc(sizeof(Node));
    p->lo = __VERIFIER_nondet_int(); p->mid = __VERIFIER_nondet_int(); p->hi = __VERIFIER_nondet_int();
    if (p->lo > p->mid || p->mid > p->hi) { free(p); continue; }
    p->next = l; l = p;
  }
  for (Node *q = l; q; q = q->next)
    if (q->lo > q->hi) reach_error();
  while (l) { Node *t = l->next; free(l); l = t; }
  return 0;
}
"""


def test_three_fields_of_a_cell_chain(tmp_path):
    """lo <= mid <= hi in every cell gives lo <= hi (transitivity through the third field); the
    orders are no abstraction, so cells in any order of kinds stay one summary (it reached the time
    limit with them abstraction predicates)."""
    path = tmp_path / "three.c"
    path.write_text(THREE)
    lib = build_library(lower_file(str(path)), needs_of(["unreach-call"]))
    assert f"%r {lib.fle('lo', 'mid')} & {lib.fle('mid', 'hi')} ==> {lib.fle('lo', 'hi')}" in \
        lib.declarations().splitlines()
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",), concrete=False))
    assert f.properties[0].verdict == "true", f.properties[0].reason
