"""Two registers (int variables holding data of one field) compared with each other: exact through
a cell that holds either value (its *anchor*: the cell a register was loaded from, still holding it),
as ``a = p->data; b = p->next->data; if (a > b) reach_error();`` checks a sorted list; where neither
has an anchor (both cells freed) the test goes both ways, an over-approximation no witness takes."""

import pytest

from tvla.cfront import ir
from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files

PROGRAM = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef struct node { struct node *next; int data; } Node;
Node *insert(Node *h, int v)
{
    Node *n = malloc(sizeof(Node));
    n->data = v;
    if (!h || v <= h->data) { n->next = h; return n; }
    Node *p = h;
    while (p->next && p->next->data < v) p = p->next;
    n->next = p->next;
    p->next = n;
    return h;
}
int main(void)
{
    Node *h = NULL, *p;
    while (__VERIFIER_nondet_int())
        h = insert(h, __VERIFIER_nondet_int());
    CHECK
    while (h) { p = h->next; free(h); h = p; }
    return 0;
}
"""

NEIGHBOURS = "for (p = h; p && p->next; p = p->next) { int a = p->data; int b = p->next->data; if (TEST) reach_error(); }"


def write(tmp_path, check):
    path = tmp_path / "t.c"
    path.write_text(PROGRAM.replace("CHECK", check))
    return str(path)


def test_two_registers_compared_are_one_condition(tmp_path):
    prog = lower_file(write(tmp_path, NEIGHBOURS.replace("TEST", "a > b")))
    conds = [e.stmt.cond for e in prog.edges if isinstance(e.stmt, ir.Assume)
             and isinstance(e.stmt.cond, ir.DataCond) and e.stmt.cond.lfield is None]
    assert ir.DataCond("a", None, ">", value="b") in conds and ir.DataCond("a", None, "<=", value="b") in conds


@pytest.mark.parametrize("test, verdict", [
    ("a > b", "true"),     # a sorted list: no neighbour above the next
    ("b < a", "true"),
    ("a >= b", "false"),   # two equal neighbours
    ("a != b && a < b && b < a", "true"),
    ("a == b", "false"),
])
def test_neighbours_compared_through_variables(tmp_path, test, verdict):
    [f] = verify_files([write(tmp_path, NEIGHBOURS.replace("TEST", test))], VerifyOptions(("unreach-call",)))
    got = f.properties[0]
    assert got.verdict == verdict, got.reason


def test_values_no_cell_holds_any_more_are_not_compared_exactly(tmp_path):
    # both values outlive their cell's datum (rewritten): the comparison goes both ways (a > b is
    # reachable, but the step is no run of C for a witness)
    check = ("if (h) { int a = h->data; h->data = __VERIFIER_nondet_int(); int b = h->data;"
             " h->data = __VERIFIER_nondet_int(); if (a > b) reach_error(); }")
    [f] = verify_files([write(tmp_path, check)], VerifyOptions(("unreach-call",)))
    got = f.properties[0]
    assert got.verdict == "unknown" and "does not follow C exactly" in got.reason, got.reason
