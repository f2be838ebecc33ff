"""A program that makes no choice has one execution: its run decides every property
(``ConcreteSearch.holds``, ``tvla verify``'s ``true`` from it), whatever the analysis can follow of
it.  A run that asks for a value, reads an uninitialised int, tests an uninitialised pointer, or
does not end proves nothing."""

import pytest
from conftest import c_verdicts

from tvla.concrete.csearch import ConcreteSearch

PROPS = ("memsafety", "memcleanup", "unreach-call")

# list-ext-properties' 960521-1_1 as recalled: int arrays indexed at run time, pointer arithmetic
ARRAYS = """#include <stdlib.h>
int *a, *b;
int n;
#define BLOCKSIZE 8
void foo(void) {
  int i;
  for (i = 0; i < n; i++) a[i] = -1;
  for (i = 0; i < BLOCKSIZE - 1; i++) b[i] = -1;
}
int main(void) {
  n = BLOCKSIZE;
  a = malloc(n * sizeof(*a));
  b = malloc(n * sizeof(*b));
  *b++ = 0;
  foo();
  if (b[-1]) { free(a); free(FREED); }
  else { free(a); free(FREED); }
  return 0;
}
"""


def holds(tmp_path, src, props=PROPS):
    path = tmp_path / "p.c"
    path.write_text(src)
    search = ConcreteSearch.of_file(str(path))
    assert search is not None
    return search.holds(props, 10.0)


def test_arrays_and_pointer_arithmetic_without_choices_are_proved_by_the_run(tmp_path):
    """Unsupported constructs for the analysis (every property was unknown)."""
    assert c_verdicts(tmp_path, ARRAYS.replace("FREED", "b - 1")) == ("true", "true", "true")


def test_the_one_run_s_violation_is_false_and_what_follows_it_unknown(tmp_path):
    verdicts = c_verdicts(tmp_path, ARRAYS.replace("FREED", "b"))
    assert verdicts[0] == "false (valid-free)" and verdicts[1] == "unknown" and verdicts[2] == "true"


@pytest.mark.parametrize("body, proved", [
    ("int *p = malloc(sizeof(int)); *p = 1; free(p);", PROPS),
    ("int *p = malloc(sizeof(int)); p = 0;", ("unreach-call",)),               # a leak
    ("int *p = malloc(sizeof(int)); free(p); reach_error();", ("memsafety", "memcleanup")),
    ("int k = __VERIFIER_nondet_int(); if (k == 5) reach_error();", ()),     # a choice
    ("int k; if (k == 5) reach_error();", ()),                               # an uninitialised int
    ("int *p, *q = malloc(4); if (p != q) free(q);", ()),                    # an uninitialised pointer
    ("int *p; if (p) reach_error();", ()),
    ("int i = 0; while (1) i++;", ()),                                       # no end
    ("int i = 0; while (i < 100000) i++;", PROPS),
    ("int t[3]; t[3] = 1;", ()),   # out of bounds: the run ends there, what follows is undefined
])
def test_which_properties_the_one_run_proves(tmp_path, body, proved):
    src = ("#include <stdlib.h>\nextern int __VERIFIER_nondet_int(void);\nvoid reach_error(void) { abort(); }\n"
           f"int main(void) {{\n  {body}\n  return 0;\n}}\n")
    assert holds(tmp_path, src) == proved
