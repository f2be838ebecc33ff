"""Statements whose shape the text of the file does not show where it is: a ``for`` whose header a
macro writes, and a ``switch`` whose body is one case label.

libclang omits a ``for``'s missing header parts; they are told apart by the ``;`` the header's
tokens show, and a macro's tokens are those of its call: ``UPTO(i, 1) i++;`` with ``#define
UPTO(i, n) for (i = 0; i < (n);)`` read as ``for (;; i < 1)`` (a loop without a test) in the
analysis and in the concrete runs alike, so a ``reach_error()`` after it was never reached (a wrong
true) and a NULL walk was entered (a wrong false).  Such a loop is unsupported now.  A ``switch
(x) case 2: a = 5;`` had no case in the concrete runs' table: a run jumped past it (a wrong false)."""

import pytest

from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files

ALL = ("memsafety", "memcleanup", "unreach-call")

FOR_MACRO = """#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; };
HEADER
int main(void) {
  int i;
  struct node *h = NULL;
  BODY
  return 0;
}
"""


def verify(tmp_path, header, body, concrete=True):
    path = tmp_path / "prog.c"
    path.write_text(FOR_MACRO.replace("HEADER", header).replace("BODY", body))
    [f] = verify_files([str(path)], VerifyOptions(ALL, concrete=concrete))
    return path, {p.name: p for p in f.properties}


@pytest.mark.parametrize("header, body, prop", [
    ("#define UPTO(i, n) for (i = 0; i < (n);)", "UPTO(i, 1) i++; reach_error();", "unreach-call"),
    ("#define WHILE(c) for (; (c);)", "i = 0; WHILE(i < 2) i++; reach_error();", "unreach-call"),
    ("#define REST(p) for (; (p) != NULL; (p) = (p)->next)", "REST(h) h->next = NULL;", "memsafety"),
])
def test_a_for_header_a_macro_writes_with_parts_left_out_is_unsupported(tmp_path, header, body, prop):
    for concrete in (False, True):
        path, got = verify(tmp_path, header, body, concrete)
        assert got[prop].verdict == "unknown" and "a for loop whose header a macro writes" in got[prop].reason, \
            (concrete, got[prop].reason)


@pytest.mark.parametrize("header, body", [
    ("#define UPTO(i, n) for (i = 0; i < (n); i++)", "UPTO(i, 3) h = NULL; if (i != 3) reach_error();"),
    ("#define FOREVER for (;;)", "FOREVER break; reach_error();"),
    ("#define N 3", "for (i = 0; i < N;) i++; if (i != N) reach_error();"),
])
def test_a_for_whose_parts_the_text_shows_is_lowered(tmp_path, header, body):
    path, got = verify(tmp_path, header, body)
    assert not lower_file(str(path)).unsupported
    expected = "false" if "FOREVER" in header else "true"
    assert got["unreach-call"].verdict == expected, got["unreach-call"].reason


@pytest.mark.parametrize("switch, expected", [
    ("switch (2) case 2: a = 5;", "true"),
    ("switch (2) default: a = 5;", "true"),
    ("switch (3) case 2: a = 5;", "false"),
    ("switch (2) { case 1: switch (a) case 2: a = 7; break; case 2: a = 5; }", "true"),
])
def test_a_switch_whose_body_is_one_label(tmp_path, switch, expected):
    path = tmp_path / "prog.c"
    path.write_text("extern void reach_error(void);\nint main(void) {\n  int a = 0;\n  " + switch +
                    "\n  if (a != 5) reach_error();\n  return 0;\n}\n")
    for concrete in (False, True):
        [f] = verify_files([str(path)], VerifyOptions(("unreach-call",), concrete=concrete))
        assert f.properties[0].verdict == expected, (concrete, f.properties[0].reason)
