"""unreach-call is true without an analysis when no path of the lowered CFG reaches a call of
``reach_error()`` (a definition that is never called, a call in a function never called); the
other properties are still analysed, and a program outside the subset is never settled so."""

from tvla.cli.verify import VerifyOptions, verify_files

HEAD = """#include <stdlib.h>
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "t.c", 3, "reach_error"); }
struct node { struct node *next; };
void unused(struct node *n) { if (!n) reach_error(); }
"""

LEAK = HEAD + """int main(void) { struct node *n = malloc(sizeof *n); n->next = NULL; return 0; }
"""


def run(tmp_path, src, props):
    path = tmp_path / "t.c"
    path.write_text(src)
    [f] = verify_files([str(path)], VerifyOptions(props))
    return f


def test_no_call_of_reach_error_is_true_without_an_analysis(tmp_path):
    f = run(tmp_path, LEAK, ("unreach-call",))
    assert [p.verdict for p in f.properties] == ["true"]
    assert f.structures == ()   # nothing was analysed


def test_the_other_properties_are_still_analysed(tmp_path):
    f = run(tmp_path, LEAK, ("memcleanup", "unreach-call"))
    assert [(p.name, p.verdict) for p in f.properties] == [("memcleanup", "false"), ("unreach-call", "true")]


def test_a_called_reach_error_is_analysed(tmp_path):
    f = run(tmp_path, LEAK.replace("return 0;", "unused(n->next); return 0;"), ("unreach-call",))
    assert [p.verdict for p in f.properties] == ["false"]


def test_an_unsupported_construct_settles_nothing(tmp_path):
    # with a choice: a program without one is settled by its one run (test_concrete_one_execution)
    src = LEAK.replace("return 0;", "if (__VERIFIER_nondet_int()) { struct node *m = n + 1; unused(m); } return 0;")
    f = run(tmp_path, src, ("unreach-call",))
    assert [p.verdict for p in f.properties] == ["unknown"]
