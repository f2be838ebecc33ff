"""A counter whose values cells hold, where an order test reads those data (``n->d = i++`` and
then a check that the list is sorted, or that every datum is below ``i``), is a register that
steps: its order against every cell's datum is kept through ``i++`` (``Step_Reg_...``)."""

import os

import pytest
from conftest import ROOT, assert_embedded, c_verdicts

from tvla.cfront.lower import lower_file
from tvla.cli.verify import write_translation

NUMBERED = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { TYPE data; struct node *next; };
int main(void)
{
    struct node *head = NULL;
    int n = __VERIFIER_nondet_int();
    for (TYPE i = 0; i < n; i++) {
        struct node *c = malloc(sizeof *c);
        c->data = i;
        c->next = head;
        head = c;
    }
    for (struct node *p = head; p && p->next; p = p->next)
        if (CHECK) reach_error();
    while (head) { struct node *t = head->next; free(head); head = t; }
    return 0;
}
"""


def numbered(kind="int", check="p->data <= p->next->data"):
    return NUMBERED.replace("TYPE", kind).replace("CHECK", check)


def kept(tmp_path, src):
    """The int variables of ``src`` that the lowering keeps, by name: 'register' or 'counter'."""
    path = tmp_path / "t.c"
    path.write_text(src)
    return {iv.name: "register" if iv.register else "counter" if iv.other else "flag"
            for iv in lower_file(str(path)).ints}


@pytest.mark.parametrize("kind, check, expected", [
    ("int", "p->data <= p->next->data", "register"),        # two cells' data compared
    ("unsigned char", "p->data <= p->next->data", "counter"),   # wraps around: 255 + 1 is 0
    ("int", "p->data == 7", "counter"),                     # no order test reads the data
])
def test_a_counter_whose_values_cells_hold_is_a_register_where_their_order_is_read(tmp_path, kind, check, expected):
    assert kept(tmp_path, numbered(kind, check))["i"] == expected


@pytest.mark.parametrize("check, expected", [
    ("p->data <= p->next->data", ("true", "true")),   # pushed n-1, ..., 0: strictly descending
    ("p->data > p->next->data", ("false", "false")),
])
def test_data_numbered_by_a_counter_keep_their_order(tmp_path, check, expected):
    """Before, i was a counter whose values past its constants were one "another value", so two
    cells given such values had no order: unknown."""
    assert c_verdicts(tmp_path, numbered(check=check), ("memcleanup", "unreach-call")) == expected


def test_a_datum_numbered_by_a_count_lies_below_it(tmp_path):
    src = open(os.path.join(ROOT, "programs", "c", "sll_counter_data_below_count.c")).read()
    assert c_verdicts(tmp_path, src, ("unreach-call",), concrete=False) == ("true",)
    wrong = src.replace("p->data >= count || p->data < 0", "p->data > 0")
    assert c_verdicts(tmp_path, wrong, ("unreach-call",)) == ("false",)


def test_concrete_runs_embed(tmp_path):
    path = os.path.join(ROOT, "programs", "c", "sll_counter_data_ascending.c")
    _tr, tvp, tvs = write_translation(lower_file(path), ("unreach-call",), str(tmp_path))
    assert_embedded(tvp, tvs, "--nodes", "3", "--runs", "20")
