"""An int field given the value of a condition (``n->flag = n->d > 3``, ``!n->next``, ``a && b``) holds
1 where the condition holds, else 0; a ``_Bool`` field given an int holds ``value != 0``.  Both are
lowered as a branch on the condition writing the constant 1 or 0, so the field's value stays
correlated with what was tested."""

import pytest

from tvla.cli.verify import VerifyOptions, verify_files

PROGRAM = """#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int d; int flag; _Bool b; };
int main(void)
{
    struct node *n = malloc(sizeof *n);
    n->next = NULL;
    n->d = __VERIFIER_nondet_int();
    BODY
    free(n);
    return 0;
}
"""


@pytest.mark.parametrize("body, verdict", [
    ("n->flag = (n->d > 3); if (n->flag && n->d <= 3) reach_error(); if (!n->flag && n->d > 3) reach_error();",
     "true"),
    ("n->flag = (n->d > 3); if (n->flag && n->d == 7) reach_error();", "false"),
    ("n->flag = !n->next; if (n->flag != 0 && n->flag != 1) reach_error();", "true"),
    ("n->flag = !n->next; if (n->flag) reach_error();", "false"),
    ("n->flag = n->d > 3 && n->next == NULL; if (n->flag == 1 && n->d < 4) reach_error();", "true"),
    ("n->b = n->d; if (n->b == 1 && n->d == 0) reach_error(); if (n->b == 0 && n->d != 0) reach_error();", "true"),
    ("n->b = n->d; if (n->b == 1 && n->d == 2) reach_error();", "false"),
])
def test_a_field_given_a_condition_holds_its_truth(tmp_path, body, verdict):
    path = tmp_path / "t.c"
    path.write_text(PROGRAM.replace("BODY", body))
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",)))
    got = f.properties[0]
    assert got.verdict == verdict, got.reason


@pytest.mark.parametrize("body, verdict", [
    ("int y = n->d; if (y != y || y < y) reach_error(); if (n->d > n->d) reach_error();", "true"),
    ("if (n->d == n->d) reach_error();", "false"),
    ("int y = n->d; if (y <= y) reach_error();", "false"),
])
def test_a_value_compared_with_itself_is_decided(tmp_path, body, verdict):
    """``x <= x``, ``p->d != p->d``: one value read twice; it was a comparison of two untracked
    values, taken both ways as an over-approximation."""
    path = tmp_path / "t.c"
    path.write_text(PROGRAM.replace("BODY", body))
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",)))
    assert f.properties[0].verdict == verdict, f.properties[0].reason
