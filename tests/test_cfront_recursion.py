"""A recursive function is unrolled three calls deep and the deeper calls end their paths
(``CProgram.cuts``): a violation found with a witness is false, the analysis proves nothing (but
unreach-call where no path calls reach_error(): the unrolled CFG holds every body)."""

import os

import pytest

from tvla.cli.verify import VerifyOptions, verify_files
from conftest import c_verdicts, corpus_verdicts, verify_c


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALL = ("memsafety", "memcleanup", "unreach-call")


def verdicts(name):
    return corpus_verdicts(name, ALL)


@pytest.mark.parametrize("name, expected", [
    ("rec_sll_destroy.c", {"memsafety": ("unknown", None), "memcleanup": ("unknown", None),
                           "unreach-call": ("unknown", None)}),
    ("rec_sll_destroy_uaf.c", {"memsafety": ("false", "valid-deref"), "memcleanup": ("unknown", None),
                               "unreach-call": ("true", None)}),
    ("rec_tree_destroy_leak.c", {"memsafety": ("false", "valid-memtrack"), "memcleanup": ("false", "memcleanup"),
                                 "unreach-call": ("true", None)}),
])
def test_a_recursion_gives_violations_with_witnesses_and_no_proof(name, expected):
    got = verdicts(name)
    for prop, (verdict, violated) in expected.items():
        v = got[prop]
        assert (v.verdict, v.violated) == (verdict, violated), (prop, v.reason)
        if verdict == "false":
            assert v.witness
        elif verdict == "unknown":
            assert "recursive function destroy: calls more than 3 deep are not followed" in v.reason


def test_locals_of_the_calls_a_cut_ends_stay_in_scope():
    """The analysis alone (no concrete runs): a local holding its cell across the recursive call
    is no leak where the path ends at the cut; the locals of the three depths stay apart."""
    [f] = verify_files([os.path.join(ROOT, "tests", "data", "c", "recursive_build.c")],
                       VerifyOptions(ALL, concrete=False))
    got = {p.name: p.verdict for p in f.properties}
    assert got == {"memsafety": "unknown", "memcleanup": "unknown", "unreach-call": "true"}


# x, detached, is held across the recursive call; the return goes through another function, whose
# parameter coalescing merged with x (and a deeper x with a shallower one): the merged variable is
# of no single call, and was not kept in scope where a path ends at the cut
DETACH_THEN_HELPER = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; };
struct node *id(struct node *a) { return a; }
struct node *rec(struct node *l) {
    struct node *x;
    if (l == NULL)
        return NULL;
    x = l;
    l = l->next;
    x->next = NULL;
    x->next = rec(l);
    return id(x);
}
int main(void) {
    struct node *l = NULL, *n;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof(struct node));
        n->next = l;
        l = n;
    }
    l = rec(l);
    while (l != NULL) {
        n = l->next;
        free(l);
        l = n;
    }
    return 0;
}
"""


def test_a_local_coalesced_across_calls_stays_in_scope_at_the_cut(tmp_path):
    assert c_verdicts(tmp_path, DETACH_THEN_HELPER, concrete=False) == ("unknown", "unknown", "true")


def test_a_false_no_run_of_the_c_program_repeats_is_unknown(tmp_path, monkeypatch):
    """With the translation broken as it was (no variable kept in scope where a path ends at the
    cut), the analysis finds a leak and a witness of it in the translated program, which no run of
    the C program repeats: the verdict is unknown, not false (without concrete runs it is false:
    the analysis' witness is then all there is)."""
    import tvla.cfront.coalesce
    import tvla.cfront.liveness
    for module in (tvla.cfront.coalesce, tvla.cfront.liveness):
        monkeypatch.setattr(module, "held_at", lambda prog: {})
    assert c_verdicts(tmp_path, DETACH_THEN_HELPER, concrete=False)[0] == "false (valid-memtrack)"
    [memsafety, _, _] = verify_c(tmp_path, DETACH_THEN_HELPER).properties
    assert memsafety.verdict == "unknown", memsafety.reason
    assert "valid-memtrack violated in a run of the program as translated" in memsafety.reason
