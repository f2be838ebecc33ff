"""A nondet value of a type narrower than where it is stored (``int x = __VERIFIER_nondet_uchar()``,
``p->d = __VERIFIER_nondet_short()``) takes only the values its type has: a flag the values that
stand for runs meeting the type's (ir.meeting), a value chosen once the regions that meet them, a
field one exact write per run of integers between its constants that meets them
(library.set_data_within).  Witness stores say a flag's value in C words (ir.value_words)."""

import subprocess
import sys

import pytest

from tvla.cfront import ir
from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files, write_translation

HEAD = """#include <stdlib.h>
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern _Bool __VERIFIER_nondet_bool(void);
struct node { struct node *next; int d; };
int main(void)
{
    struct node *n = malloc(sizeof *n), *m = malloc(sizeof *m);
"""
TAIL = "\n    free(n); free(m);\n    return 0;\n}\n"

STORED = "int x = __VERIFIER_nondet_uchar(); n->d = x; if (x > 255) reach_error(); "
SHORT = ("int x = __VERIFIER_nondet_bool(); int y = __VERIFIER_nondet_short(); n->d = x; "
         "if (x == 5 || y > 32767) reach_error(); if (y == -32768) { free(n); free(m); return 0; } "
         "if (n->d == 1) reach_error();")


def write(tmp_path, body):
    path = tmp_path / "t.c"
    path.write_text(HEAD + "    " + body + TAIL)
    return str(path)


def unreach(tmp_path, body):
    [f] = verify_files([write(tmp_path, body)], VerifyOptions(("unreach-call",), concrete=False))
    return f.properties[0]


@pytest.mark.parametrize("body, verdict", [
    (STORED + "if (n->d < 0) reach_error();", "true"),
    (STORED + "if (n->d == 0) reach_error();", "false"),
    (STORED + "if (n->d == 255) reach_error();", "false"),
    (SHORT, "false"),
    ("n->d = __VERIFIER_nondet_short(); if (n->d > 32767 || n->d < -32768) reach_error();", "true"),
    ("n->d = __VERIFIER_nondet_short(); if (n->d == -32768) reach_error();", "false"),
    # an ordered field: the order against 300 is not written: abstracted, no false
    ("n->d = __VERIFIER_nondet_uchar(); m->d = 300; if (n->d > m->d) reach_error();", "unknown"),
    # a narrow value no test or data statement reads: its draw is no abstraction (it was one)
    ("int x = __VERIFIER_nondet_bool(); int y = x; n->d = 1; if (n->d == 1) reach_error();", "false"),
])
def test_a_narrow_value_takes_only_its_types_values(tmp_path, body, verdict):
    got = unreach(tmp_path, body)
    assert got.verdict == verdict, got.reason


def test_a_field_takes_one_write_per_run_that_meets_the_type(tmp_path):
    _tr, tvp, _tvs = write_translation(lower_file(write(tmp_path, "n->d = __VERIFIER_nondet_uchar(); "
                                                        "if (n->d == 255 || n->d < 7) reach_error();")),
                                       ("unreach-call",), str(tmp_path))
    titles = [line.strip() for line in open(tvp) if line.strip().startswith('%t "n->d = ')]
    assert titles == ['%t "n->d = ? in [0, 6]"', '%t "n->d = 7"', '%t "n->d = ? in [8, 254]"',
                      '%t "n->d = 255"']


def test_the_witness_says_the_values_of_flags_in_c(tmp_path):
    """... of the variables live before each step: not y's before it is given a value, nor x's
    after its last read."""
    got = unreach(tmp_path, SHORT)
    stores = {step.action: step.store for step in got.witness}
    assert any("x = 1" in s and "y in [-32767, 32766]" in s for s in stores.values()), stores
    assert not any("val[" in s for s in stores.values()), stores
    assert "y " not in stores["int y = __VERIFIER_nondet_short()"], stores
    assert "x = 1" in stores["int y = __VERIFIER_nondet_short()"], stores
    assert "x " not in stores["reach_error()"] and "y " not in stores["reach_error()"], stores


@pytest.mark.parametrize("values, v, ordered, spare, words", [
    ((4, 5, 6), 4, True, None, "x <= 4"),
    ((4, 5, 6), 5, True, None, "x = 5"),
    ((4, 5, 6), 6, True, None, "x >= 6"),
    ((-1, 0, 1, 9, 10), 1, True, None, "x in [1, 8]"),
    ((0, 5, 6), 6, False, 6, "x is none of 0, 5"),
    ((0, 5, 6), 5, False, 6, "x = 5"),
])
def test_value_words(values, v, ordered, spare, words):
    assert ir.value_words("x", values, v, ordered, spare) == words


@pytest.mark.parametrize("values, ordered, spare, within, met", [
    ((254, 255, 256), True, None, ir.IntRange(8, False), (254, 255)),
    ((-1, 0, 1), True, None, ir.IntRange(8, False), (0, 1)),
    ((-1, 0, 1), True, None, ir.IntRange(1, False, boolean=True), (0, 1)),
    ((5, 6), False, 6, ir.IntRange(1, False, boolean=True), (6,)),
    ((0, 1, 2), False, 2, ir.IntRange(1, False, boolean=True), (0, 1)),
])
def test_the_values_a_narrower_type_meets(values, ordered, spare, within, met):
    assert ir.meeting(values, within, ordered, spare) == met


@pytest.mark.parametrize("body", [STORED + "if (n->d == 0) reach_error();",
                                  "n->d = __VERIFIER_nondet_uchar(); if (n->d == 255) reach_error();"])
def test_the_narrow_writes_embed_their_concrete_runs(tmp_path, body):
    _tr, tvp, tvs = write_translation(lower_file(write(tmp_path, body)), ("memsafety", "unreach-call"),
                                      str(tmp_path))
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", tvp, tvs, "--nodes", "2"],
                           capture_output=True, text=True, timeout=120)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr
