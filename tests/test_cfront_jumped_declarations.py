"""A declaration a jump passes by (cinfo.jumped_over_decls): ``switch (x) { int k = 5; case 1: ... }``,
or a ``goto`` from before it to a label after it in its block.  C leaves the variable indeterminate
after such a jump; the lowering read it as initialised (k a constant 5: reach_error behind ``k != 5``
was proved unreachable, a wrong true), so such a declaration is unsupported.  Jumps that pass by no
declaration stay as they were."""

import pytest

from conftest import verify_c

HEAD = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
"""

JUMPED = [
    "switch (__VERIFIER_nondet_int()) { int k = 5; case 1: if (k != 5) reach_error(); break; }",
    "if (__VERIFIER_nondet_int()) goto L; { int k = 5; L: if (k != 5) reach_error(); }",
    "switch (__VERIFIER_nondet_int()) { int k; case 1: k = 5; if (k != 5) reach_error(); break; }",
]

NOT_JUMPED = [
    "int k = 5; switch (__VERIFIER_nondet_int()) { case 1: if (k != 5) reach_error(); break; }",
    "{ int k = 5; L: if (k != 5) reach_error(); if (__VERIFIER_nondet_int()) goto L; }",
    "switch (__VERIFIER_nondet_int()) { case 1: { int k = 5; if (k != 5) reach_error(); } break; }",
    "if (__VERIFIER_nondet_int()) goto L; { L: ; } { int k = 5; if (k != 5) reach_error(); }",
]


@pytest.mark.parametrize("body", JUMPED)
def test_a_declaration_a_jump_passes_by_is_unsupported(tmp_path, body):
    [p] = verify_c(tmp_path, HEAD + "  " + body + "\n  return 0;\n}\n", ("unreach-call",)).properties
    assert p.verdict == "unknown" and "a jump passes by the declaration of k" in p.reason


@pytest.mark.parametrize("body", NOT_JUMPED)
def test_jumps_that_pass_by_no_declaration_are_lowered(tmp_path, body):
    [p] = verify_c(tmp_path, HEAD + "  " + body + "\n  return 0;\n}\n", ("unreach-call",)).properties
    assert p.verdict == "true"


def test_a_goto_to_a_clean_up_past_declarations_it_does_not_use_is_lowered(tmp_path):
    """C99 code jumps to its clean-up past declarations made after the jump; the clean-up names none."""
    src = HEAD + """  struct node { struct node *next; } *p = malloc(sizeof *p);
  if (__VERIFIER_nondet_int()) goto out;
  struct node *q = malloc(sizeof *q);
  int k = 5;
  if (k != 5) reach_error();
  free(q);
out:
  free(p);
  return 0;
}
"""
    assert tuple(p.verdict for p in verify_c(tmp_path, src, ("memsafety", "memcleanup", "unreach-call")).properties) \
        == ("true", "true", "true")


@pytest.mark.parametrize("body", [
    # the loop's next round reads k, written before the label
    "if (__VERIFIER_nondet_int()) goto L; { int k = 5; while (__VERIFIER_nondet_int()) { if (k != 5) reach_error(); L: ; } }",
    # a backward goto after the jump reaches a read written before the label
    "if (__VERIFIER_nondet_int()) goto L; { int k = 5; M: if (k != 5) reach_error(); L: if (__VERIFIER_nondet_int()) goto M; }",
])
def test_a_read_written_before_the_label_but_reached_after_the_jump_counts(tmp_path, body):
    [p] = verify_c(tmp_path, HEAD + "  " + body + "\n  return 0;\n}\n", ("unreach-call",)).properties
    assert p.verdict == "unknown" and "a jump passes by the declaration of k" in p.reason
