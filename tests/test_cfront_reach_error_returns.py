"""A program's own ``reach_error()`` that may return (does nothing, or something and returns): the
run goes on after the call, its body run first.

The competition's tasks define ``reach_error`` to fail an assertion (it never returns), and the
call ends the program: memcleanup is checked there as at ``exit``.  A task that defines it
``void reach_error() {}`` goes on after it in C: a double free after the call is a valid-free
violation, a list freed after it leaves nothing behind.  The call still violates unreach-call.
"""

import pytest

from conftest import c_verdicts
from tvla.cfront import ir
from tvla.cfront.lower import lower_file

PROPERTIES = ("memsafety", "memcleanup", "unreach-call")

PROGRAM = """#include <stdlib.h>
void reach_error() {BODY}
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; };
int main(void) {
    struct node *p = malloc(sizeof(struct node));
    p->next = NULL;
    if (__VERIFIER_nondet_int()) {
        reach_error();
        AFTER
    }
    free(p);
    return 0;
}
"""

CASES = [
    # a double free on the path through the call; nothing left behind on any path
    ("", "free(p);", ("false (valid-free)", "true", "false")),
    # the cell is freed after the call: no memcleanup violation there
    ("", "", ("true", "true", "false")),
    # the only pointer is lost after the call
    ("", "p = NULL;", ("false (valid-memtrack)", "false", "false")),
    # a reach_error that fails an assertion ends the program: the cell is not freed then
    ("__assert_fail(\"0\", \"p.c\", 2, \"reach_error\");", "free(p);", ("true", "false", "false")),
    # a body that does something and returns: it runs, and so does what follows (it stopped the
    # program, in the analysis and in concrete runs: memcleanup false, the double free unseen)
    ("cnt = cnt + 1;", "", ("true", "true", "false")),
    ("cnt = cnt + 1;", "free(p);", ("false (valid-free)", "true", "false")),
    ("cnt = cnt + 1; abort();", "free(p);", ("true", "false", "false")),
]


@pytest.mark.parametrize("body, after, want", CASES)
@pytest.mark.parametrize("concrete", [False, True])
def test_what_follows_a_reach_error_that_returns_is_checked(tmp_path, body, after, want, concrete):
    src = PROGRAM.replace("BODY", body).replace("AFTER", after)
    if body:
        src = "extern void __assert_fail(const char *, const char *, unsigned int, const char *);\n" \
              "extern void abort(void);\nint cnt;\n" + src
    assert c_verdicts(tmp_path, src, PROPERTIES, concrete=concrete) == want


@pytest.mark.parametrize("body, goes_on", [("", True), (" return; ", True), (" ; ", True),
                                           (" abort(); ", False), (" int x = 0; ", True),
                                           (" x = 1; abort(); ", False), (" ERROR: goto ERROR; ", False),
                                           (" if (x) return; abort(); ", True), (" (0) ? (void)0 : abort(); ", False)])
def test_only_a_body_that_never_returns_stops(tmp_path, body, goes_on):
    path = tmp_path / "p.c"
    path.write_text("extern void abort(void);\nint x;\n" + PROGRAM.replace("BODY", body).replace("AFTER", ""))
    prog = lower_file(str(path))
    [err] = [e for e in prog.edges if isinstance(e.stmt, ir.ReachError)]
    assert err.stmt.goes_on == goes_on and err.target == prog.error
    after = [e for e in prog.edges if e.source == err.source and e is not err]
    assert len(after) == (1 if goes_on else 0)


FAILING_ASSERT = """extern int __VERIFIER_nondet_int(void);
extern void NAME();
int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x == 3) NAME("x != 3");
    return 0;
}
"""


@pytest.mark.parametrize("name", ["reach_error", "__VERIFIER_error", "__assert_fail", "__assert_perror_fail",
                                  "__assert_rtn", "__assert"])
@pytest.mark.parametrize("concrete", [False, True])
def test_each_failing_assert_of_a_c_library_is_the_error(tmp_path, name, concrete):
    """The analysis and the concrete runs know the same error functions (they once had two lists: a
    call of __assert_rtn was proved never reached, and one of __assert_perror_fail had no run)."""
    assert c_verdicts(tmp_path, FAILING_ASSERT.replace("NAME", name), ("unreach-call",), concrete=concrete) == ("false",)
