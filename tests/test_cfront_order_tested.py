"""An int variable given nondet values and only ever tested against constants, by order too
(``assume(x >= 0 && x < 10)``, ``if (x > 5)``), is a flag over the constants and one value for
each run of integers between them: every test takes one branch for all the values of a run, so
the flag is exact, and a witness picks a value C may take."""

import pytest

from tvla.cfront import ir
from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files

HEAD = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
"""


def write(tmp_path, body):
    path = tmp_path / "t.c"
    path.write_text(HEAD + "int main(void) { " + body + " return 0; }\n")
    return str(path)


@pytest.mark.parametrize("body, values", [
    ("int x = __VERIFIER_nondet_int(); if (x > 5) reach_error();", (4, 5, 6)),
    # ten values: a guarded run, each kept (intvars.guarded_values)
    ("int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x >= 0 && x < 10); if (x == 9) reach_error();",
     tuple(range(10))),
    ("int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x >= 0 && x < 100); if (x == 99) reach_error();",
     (-1, 0, 1, 99, 100, 101)),
    ("unsigned x = __VERIFIER_nondet_uint(); if (x > 0) reach_error();", (0, 1)),
])
def test_the_flag_holds_each_constant_and_a_value_of_each_run(tmp_path, body, values):
    [x] = lower_file(write(tmp_path, body)).ints
    assert (x.name, x.values) == ("x", values)


@pytest.mark.parametrize("body, verdict", [
    ("int x = __VERIFIER_nondet_int(); if (x > 5) reach_error();", "false"),
    ("int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x >= 0 && x < 10); if (x == 10 || x < 0) reach_error();",
     "true"),
    ("int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x >= 0 && x < 10); if (x == 9) reach_error();", "false"),
    ("int x = __VERIFIER_nondet_int(); if (x < 3 && x > 2) reach_error();", "true"),
    ("unsigned x = __VERIFIER_nondet_uint(); if (x < 0) reach_error();", "true"),
    ("unsigned x = __VERIFIER_nondet_uint(); if (x > 4294967294u) reach_error();", "false"),
    ("unsigned char x = __VERIFIER_nondet_uchar(); if (x > 254) reach_error();", "false"),
    # a signed x compared with an unsigned constant is not compared by value: not a flag
    ("int x = __VERIFIER_nondet_int(); if (x < 3u) { if (x < 0) reach_error(); }", "unknown"),
    # a uchar value in an int: only the runs of the flag that meet 0..255
    ("int x = __VERIFIER_nondet_uchar(); if (x > 255) reach_error();", "true"),
    ("int x = __VERIFIER_nondet_uchar(); if (x < 0) reach_error();", "true"),
    ("int x = __VERIFIER_nondet_uchar(); if (x >= 255) reach_error();", "false"),
    ("int x = __VERIFIER_nondet_short(); if (x < -32768 || x == 40000) reach_error();", "true"),
    ("int x = __VERIFIER_nondet_short(); if (x < -32767) reach_error();", "false"),
])
def test_order_tests_of_a_value_chosen_once(tmp_path, body, verdict):
    [f] = verify_files([write(tmp_path, body)], VerifyOptions(("unreach-call",)))
    got = f.properties[0]
    assert got.verdict == verdict, got.reason


def test_a_variable_used_otherwise_stays_untracked(tmp_path):
    prog = lower_file(write(tmp_path, "int x = __VERIFIER_nondet_int(); int y = x + 1; if (x > 0 && y > 0) "
                                      "reach_error();"))
    assert all(v.name != "x" or not v.values for v in prog.ints)
