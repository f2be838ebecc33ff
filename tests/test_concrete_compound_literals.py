"""Concrete runs (tvla.concrete.cexec) of a struct compound literal, ``*p = (struct T){ .f = e }``:
a struct value whose members the list does not give are zero (runs stopped at it as unmodeled)."""

import random

import pytest

from tvla.cfront.parse import deep_stack
from tvla.concrete.cexec import Machine
from tvla.concrete.csearch import Chooser, ConcreteSearch

PROGRAM = """#include <stdlib.h>
extern void reach_error(void);
struct inner { int a[2]; struct inner *up; };
struct node { struct node *next; int d; struct inner in; };
int main(void)
{
    struct node *n = malloc(sizeof *n), *m = malloc(sizeof *m);
    n->next = n; n->d = 7; n->in.a[1] = 5; n->in.up = 0;
    *m = (struct node){ .d = n->d, .next = n, .in = { .a = { 1 } } };
    *n = (struct node){ .d = n->d + 1, .in.up = &n->in };
    if (CHECK) reach_error();
    free(n); free(m);
    return 0;
}
"""


def runs(path, n=5):
    """How each of ``n`` runs of the file ends: (end, the kinds of its events)."""
    def go():
        search = ConcreteSearch.of_file(str(path))
        return [Machine(search.code, Chooser(random.Random(r), search.constants)).run() for r in range(n)]
    return {(o.end, tuple(sorted(o.events))) for o in deep_stack(go)}


@pytest.mark.parametrize("check, end", [
    ("m->d != 7 || m->next != n || m->in.a[0] != 1 || m->in.a[1] != 0 || m->in.up != 0", ("exit", ())),
    ("n->d != 8 || n->next != 0 || n->in.a[1] != 0 || n->in.up != &n->in", ("exit", ())),
    ("m->in.a[1] == 0", ("error", ("memcleanup", "unreach-call"))),   # stops with both cells held
])
def test_a_compound_literal_is_a_struct_value_zero_where_not_given(tmp_path, check, end):
    src = tmp_path / "literal.c"
    src.write_text(PROGRAM.replace("CHECK", check))
    assert runs(src) == {end}
