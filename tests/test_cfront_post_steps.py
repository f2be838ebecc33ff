"""``x = k++;`` as a statement is read as ``x = k, k++;`` (tvla.cfront.post_steps): k stays a
counter the lowering follows; before, a step used as a value left k untracked, and a datum numbered
with it was an abstracted write."""

import pytest
from conftest import edited_by

from tvla.cfront.post_steps import post_step_edits
from tvla.cli.verify import VerifyOptions, verify_files

NUMBERED = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
int main(void)
{
    struct node *l = NULL, *n, *p;
    int k = 0;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof *n);
        n->data = k++;
        n->next = l;
        l = n;
    }
    for (p = l; p && p->next; p = p->next)
        if (p->data == CHECK)
            reach_error();
    while (l) { n = l->next; free(l); l = n; }
    return 0;
}
"""


def edited(tmp_path, src: str) -> str:
    return edited_by(tmp_path, src, post_step_edits)


@pytest.mark.parametrize("statement, after", [
    ("x = k++;", "x = k, k++;"),
    ("x = k--;", "x = k, k--;"),
    ("if (x) x = k++; else x = 1;", "if (x) x = k, k++; else x = 1;"),
    ("while (x = k++) x--;", None),          # a value: the test reads it
    ("x = y = k++;", None),                  # the inner assignment's value is read
    ("x = ++k;", None),                      # the new value: not this split
    ("k = k++;", None),                      # the left side names k
    ("x = (k++);", None),                    # parentheses: left as written
    ("x = STEP;", None),                     # a macro: its text is not the step
    ("x = k ++;", "x = k, k ++;"),
    # the left operand of a comma: its value is unused too
    ("x = k++, y = 2;", "x = k, k++, y = 2;"),
    ("y = 2, x = k++;", None),               # the right operand: the comma's value
])
def test_which_assignments_are_split(tmp_path, statement, after):
    src = f"#define STEP k++\nint f(int k, int y) {{\n    int x = 0;\n    {statement}\n    return x;\n}}\n"
    assert edited(tmp_path, src) == (src if after is None else src.replace(statement, after))


@pytest.mark.parametrize("check, verdict", [("0", "true"), ("3", "false")])
def test_a_list_numbered_by_a_post_increment(tmp_path, check, verdict):
    """Every cell but the last (the first made, numbered 0) holds a number past 0."""
    path = tmp_path / "numbered.c"
    path.write_text(NUMBERED.replace("CHECK", check))
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",)))
    got = f.properties[0]
    assert got.verdict == verdict, got.reason
    if verdict == "false":   # its steps are shown in the file's own text
        assert any("n->data = k++" in step.action for step in got.witness)


def test_a_list_numbered_by_a_post_increment_in_a_comma(tmp_path):
    path = tmp_path / "numbered.c"
    path.write_text(NUMBERED.replace("CHECK", "0").replace("n->data = k++;\n        n->next = l;",
                                                          "n->data = k++, n->next = l;"))
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",)))
    assert f.properties[0].verdict == "true", f.properties[0].reason
