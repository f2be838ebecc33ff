"""Bit-fields hold the values of their width: ``unsigned a : 3`` holds 0 to 7 (9 written is 1), a
plain ``int b : 2`` -2 to 1 (gcc makes it signed), ``_Bool c : 1`` 0 or 1 (cinfo.field_range).
Before, a bit-field held every value of its type: n->a = 9 then n->a != 9 was unreach-call true."""

import pytest

from tvla.cli.verify import VerifyOptions, verify_files

PROGRAM = """#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; unsigned int a : 3; int b : 2; _Bool c : 1; };
int main(void) {
  struct node *n = calloc(1, sizeof *n);
  BODY
  free(n);
  return 0;
}
"""


@pytest.mark.parametrize("body, verdict", [
    ("n->a = 9; if (n->a != 9) reach_error();", "false"),
    ("n->a = 9; if (n->a != 1) reach_error();", "true"),
    ("n->b = 2; if (n->b != -2) reach_error();", "true"),
    ("n->b = 2; if (n->b == 2) reach_error();", "true"),
    ("n->c = 3; if (n->c != 1) reach_error();", "true"),
    ("n->a = __VERIFIER_nondet_int(); if (n->a > 7) reach_error();", "true"),
    ("n->a = __VERIFIER_nondet_int(); if (n->a == 7) reach_error();", "false"),
    ("n->b = __VERIFIER_nondet_int(); if (n->b < -2 || n->b > 1) reach_error();", "true"),
    ("n->b = __VERIFIER_nondet_int(); if (n->b == -2) reach_error();", "false"),
])
def test_a_bit_field_holds_the_values_of_its_width(tmp_path, body, verdict):
    path = tmp_path / "prog.c"
    path.write_text(PROGRAM.replace("BODY", body))
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",)))
    [p] = f.properties
    assert p.verdict == verdict, p.reason


ENUMS = """#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
enum color { RED, BLACK };
enum sign { NEG = -1, ZERO };
struct node { struct node *next; enum color c : 1; enum sign s : 1; };
int main(void) {
  struct node *n = malloc(sizeof *n);
  n->next = NULL;
  BODY
  free(n);
  return 0;
}
"""


@pytest.mark.parametrize("concrete", [True, False])
@pytest.mark.parametrize("body, verdict", [
    ("n->c = BLACK; if (n->c != BLACK) reach_error();", "true"),
    ("n->s = NEG; if (n->s != NEG) reach_error();", "true"),
    ("n->s = NEG; if (n->s == NEG && __VERIFIER_nondet_int()) reach_error();", "false"),
])
def test_an_enum_bit_field_is_unsigned_without_a_negative_constant(tmp_path, body, verdict, concrete):
    """An enum is stored as unsigned int when none of its constants is negative (gcc, clang): a
    1-bit field of it holds 0 and 1.  The runs read it as signed (BLACK came back -1), a wrong
    false of unreach-call and memcleanup (helper probe 99)."""
    path = tmp_path / "t.c"
    path.write_text(ENUMS.replace("BODY", body))
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",), concrete=concrete))
    assert f.properties[0].verdict == verdict
