"""The values printing functions return in concrete runs (tvla.concrete.ccalls): ``putchar(c)``
gives c as an unsigned char, ``printf``/``fprintf`` of a format without conversions the bytes it
writes; any other value the program reads ends the run as unmodeled.  They returned 0, so a run
"reached" ``if (printf("ab\\n") == 0) reach_error();`` (a wrong false a helper's probe found, with
``putchar``, ``fprintf`` and formatted ``printf`` beside it)."""

import pytest

from conftest import c_verdicts

HEAD = """#include <stdio.h>
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  BODY
  return 0;
}
"""


@pytest.mark.parametrize("body", [
    'if (printf("ab\\n") == 0) reach_error();',
    'if (printf("100%%\\n") != 5) reach_error();',
    "if (putchar('a') != 'a') reach_error();",
    'if (fprintf(stderr, "x") != 1) reach_error();',
    'int r = printf("%d\\n", 7); if (r == 0) reach_error();',
])
def test_a_printed_count_is_never_a_wrong_value(tmp_path, body):
    got = c_verdicts(tmp_path, HEAD.replace("BODY", body), ("unreach-call",))
    assert got != ("false",), got


@pytest.mark.parametrize("body", [
    'printf("%d\\n", 5); reach_error();',          # a printed value no one reads
    '(void) printf("%s\\n", "x"); reach_error();',
    'if (printf("ab\\n") == 3) reach_error();',
])
def test_runs_go_on_past_printing(tmp_path, body):
    assert c_verdicts(tmp_path, HEAD.replace("BODY", body), ("unreach-call",)) == ("false",)
