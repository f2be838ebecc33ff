"""An assignment through a choice of addresses, ``*(last ? &last->next : &first) = t;`` (a list
appended through its tail or its head pointer), is ``if (last) last->next = t; else first = t;``
(it was unsupported: unknown)."""

import pytest
from conftest import assert_embedded, c_verdicts

from tvla.cfront.lower import lower_file
from tvla.cli.verify import write_translation

APPEND = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int d; };
int main(void) {
    struct node *first = NULL, *last = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *t = malloc(sizeof *t);
        t->next = NULL; t->d = 1;
        *(TARGET) = t;
        last = t;
    }
    for (struct node *p = first; p; p = p->next) if (p->d != 1) reach_error();
    if (first && !last) reach_error();
    while (first) { struct node *t = first->next; free(first); first = t; }
    return 0;
}
"""


@pytest.mark.parametrize("target, expected", [
    ("last ? &last->next : &first", ("true", "true", "true")),
    ("(struct node **)(last != NULL ? &last->next : &first)", ("true", "true", "true")),
    ("last ? &first : &last->next", ("false (valid-deref)", "true", "true")),   # last->next of NULL
])
def test_an_assignment_through_a_choice_of_addresses(tmp_path, target, expected):
    assert c_verdicts(tmp_path, APPEND.replace("TARGET", target), concrete=expected[0] != "true") == expected


def test_concrete_runs_embed(tmp_path):
    path = tmp_path / "p.c"
    path.write_text(APPEND.replace("TARGET", "last ? &last->next : &first"))
    _tr, tvp, tvs = write_translation(lower_file(str(path)), ("memsafety", "unreach-call"), str(tmp_path))
    assert_embedded(tvp, tvs, "--runs", "20")
