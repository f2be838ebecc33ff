"""A choice inside arithmetic is lifted to the top of the value (tvla.cfront.choices):
``k = 2 + (c ? 1 : 0);`` is read as ``k = ((c) ? 2 + (1) : 2 + (0));``, so k keeps its two
values; before, the whole value was abstracted and a later count of the cells made was unknown."""

import pytest
from conftest import edited_by

from tvla.cfront.choices import choice_edits
from tvla.cli.verify import VerifyOptions, verify_files

COUNTED = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
int main(void)
{
    int k = 2 + (__VERIFIER_nondet_int() ? 1 : 0);
    struct node *h = NULL, *t;
    while (k > 0) {
        t = malloc(sizeof *t);
        t->next = h;
        t->data = 10 * (__VERIFIER_nondet_int() ? 1 : 2) - 1;
        h = t;
        k--;
    }
    int c = 0;
    while (h) {
        t = h->next;
        if (h->data != 9 && h->data != DATUM)
            reach_error();
        free(h);
        h = t;
        c++;
    }
    if (c < LEAST)
        reach_error();
    return 0;
}
"""


def edited(tmp_path, src: str) -> str:
    return edited_by(tmp_path, src, choice_edits)


@pytest.mark.parametrize("statement, after", [
    ("x = 2 + (y ? 1 : 0);", "x = ((y) ? 2 + (1) : 2 + (0));"),
    ("x = -(y > 1 ? y : 3) * 2;", "x = ((y > 1) ? -(y) * 2 : -(3) * 2);"),
    ("return 1 + (g() ? 1 : 0);", "return ((g()) ? 1 + (1) : 1 + (0));"),   # the condition may call
    ("x = p->d + (y ? g() : 0);", "x = ((y) ? p->d + (g()) : p->d + (0));"),   # so may an arm
    ("x = 1 + (g() != 0);", "x = ((g() != 0) ? 1 + (1) : 1 + (0));"),   # a truth value that calls
    ("x = 2 * !g() - 1;", "x = ((!g()) ? 2 * 1 - 1 : 2 * 0 - 1);"),
    ("x = 1 + (y != 0);", None),                     # one without side effects: arithmetic as it is
    ("x = g() != 0;", None),                         # at the top: a flag's own form
    ("x = y ? 1 : 0;", None),                        # already at the top
    ("x = g() + (y ? 1 : 0);", None),                # a call would move after the condition
    ("x = y++ + (y ? 1 : 0);", None),                # so would a step
    ("x = (y ? 1 : 0) + (y ? 2 : 0);", None),        # two choices
    ("x = 1 + (y ? 1u : 0);", None),                 # an arm converted to the choice's type
    ("x = 1 + (y ?\n 1 : 0);", None),                # on two lines
    ("x = 1 + PICK;", None),                         # a macro: its text is not the choice's
    # a comparison of data (no arithmetic on data is followed), one or two of them
    ("x = 1 + (p->d > 0);", "x = ((p->d > 0) ? 1 + (1) : 1 + (0));"),
    ("return (p->d > q->d) - (p->d < q->d);",
     "return ((p->d > q->d) ? ((p->d < q->d) ? (1) - (1) : (1) - (0)) : "
     "((p->d < q->d) ? (0) - (1) : (0) - (0)));"),
    ("x = p->d < q->d;", None),                      # at the top: a flag's own form
    ("x = (p->d > 0) + (y ? 1 : 0);", None),         # a choice and a comparison
    ("x = (p->d > 0) + (q->d > 0) + (p->d > 1);", None),   # three comparisons
    ("x = SIGN(p, q);", None),                       # a macro: one text for both comparisons
])
def test_which_values_are_lifted(tmp_path, statement, after):
    src = ("#define PICK (y ? 1 : 0)\n#define SIGN(a, b) ((a)->d > (b)->d) - ((a)->d < (b)->d)\n"
           "struct s { int d; };\nint g(void);\n"
           f"int f(int y, struct s *p, struct s *q) {{\n    int x = 0;\n    {statement}\n    return x;\n}}\n")
    assert edited(tmp_path, src) == (src if after is None else src.replace(statement, after))


@pytest.mark.parametrize("datum, least, verdict", [("19", "2", "true"), ("17", "2", "false"),
                                                   ("19", "3", "false")])
def test_a_length_and_data_chosen_inside_arithmetic(tmp_path, datum, least, verdict):
    """Two or three cells, each holding 9 or 19."""
    path = tmp_path / "chosen.c"
    path.write_text(COUNTED.replace("DATUM", datum).replace("LEAST", least))
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",)))
    got = f.properties[0]
    assert got.verdict == verdict, got.reason
    if verdict == "false":   # its steps are shown in the file's own text
        assert any("2 + (__VERIFIER_nondet_int() ? 1 : 0)" in step.action for step in got.witness)


SIGN_SORT = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int d; };
int cmp(struct node *a, struct node *b) { return SIGN; }
int main(void) {
    struct node *in = NULL, *out = NULL, *n, **pp;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof *n);
        n->d = __VERIFIER_nondet_int();
        n->next = in;
        in = n;
    }
    while (in) {
        n = in;
        in = in->next;
        for (pp = &out; *pp && cmp(*pp, n) <= 0; pp = &(*pp)->next)
            ;
        n->next = *pp;
        *pp = n;
    }
    for (n = out; n && n->next; n = n->next)
        if (n->d > n->next->d)
            reach_error();
    return 0;
}
"""


@pytest.mark.parametrize("sign, verdict", [("(a->d > b->d) - (a->d < b->d)", "true"),
                                           ("(a->d < b->d) - (a->d > b->d)", "false")])
def test_a_comparator_returning_the_sign_of_two_data_sorts(tmp_path, sign, verdict):
    """The comparator's sign idiom decides the insertion (before, its value was abstracted and
    the sorted list unknown); the flipped sign sorts in descending order: a witness of the
    analysis alone (no step abstracted)."""
    path = tmp_path / "sign.c"
    path.write_text(SIGN_SORT.replace("SIGN", sign))
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",), concrete=False))
    assert f.properties[0].verdict == verdict, f.properties[0].reason
