"""Variable-length arrays and ``malloc(0)`` in the concrete runs (``tvla.concrete``): a VLA's
declaration makes an array of the length its expression has then, so a read past its end is a
valid-deref violation the runs show (the analysis leaves such arrays unsupported); ``malloc(0)`` is
a block of no bytes, as glibc's, which no access may touch and which must be freed."""

import pytest
from conftest import c_verdicts

from tvla.concrete.csearch import ConcreteSearch

PROPS = ("memsafety", "memcleanup", "unreach-call")

# ldv-memsafety's ArraysOfVariableLength as recalled: the second loop reads one past the end
VLA_SUM = """extern int __VERIFIER_nondet_int(void);
#include <stdlib.h>
int foo(int n) {
  int a[n];
  int i;
  for (i = 0; i < n; i++) a[i] = i;
  int s = 0;
  for (i = 0; i LAST n; i++) s += a[i];
  return s;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 20) return 0;
  return foo(n);
}
"""


def found(tmp_path, src, props=PROPS, runs=200):
    path = tmp_path / "p.c"
    path.write_text(src)
    search = ConcreteSearch.of_file(str(path))
    assert search is not None
    return search, search.find(props, 0, runs, 30.0)


def test_a_read_past_a_variable_length_array_is_found_with_its_witness(tmp_path):
    search, out = found(tmp_path, VLA_SUM.replace("LAST", "<="))
    assert set(out) == {"memsafety"}
    f = out["memsafety"]
    assert f.kind == "valid-deref" and f.pos.line == 8 and "bounds" in f.message
    assert f.witness[-1].action == "s += a[i]"


def test_reads_within_a_variable_length_array_meet_nothing(tmp_path):
    search, out = found(tmp_path, VLA_SUM.replace("LAST", "<"))
    assert out == {} and search.modeled


@pytest.mark.parametrize("body, violated", [
    # a 2-dimensional VLA of constant rows; its sizeof is computed when the run reaches it
    ("int b[n][3]; b[n - 1][2] = 1; if (sizeof(b) != n * 3 * sizeof(int)) reach_error();", set()),
    ("int b[n][3]; b[n][0] = 1;", {"memsafety"}),
    # each pass of the loop declares the array again; a pointer kept from the last one dangles
    ("int *q = 0; for (int i = 0; i < 2; i++) { int c[n]; if (q) *q = 1; q = c; }", {"memsafety"}),
    ("int *q = 0; for (int i = 0; i < 2; i++) { int c[n]; q = c; *q = i; }", set()),
    ("struct s { int *p; } v[n]; v[0].p = malloc(4); free(v[n - 1].p);", {"memsafety"}),
])
def test_variable_length_arrays(tmp_path, body, violated):
    src = ("#include <stdlib.h>\nextern int __VERIFIER_nondet_int(void);\nvoid reach_error(void);\n"
           "int main(void) {\n  int n = __VERIFIER_nondet_int();\n  if (n < 1 || n > 4) return 0;\n"
           f"  {body}\n  return 0;\n}}\n")
    search, out = found(tmp_path, src)
    assert set(out) == violated and search.modeled


def test_malloc_of_no_bytes_is_a_block_no_access_may_touch(tmp_path):
    src = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int data; struct node *next; };
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1) return 0;
  struct node *p = malloc(n * sizeof(struct node));
  if (!p) return 0;
  WRITE
  free(p);
  return 0;
}
"""
    assert c_verdicts(tmp_path, src.replace("WRITE", "p->data = 1;"))[0] == "false (valid-deref)"
    search, out = found(tmp_path, src.replace("WRITE", ""))
    assert out == {} and search.modeled
    search, out = found(tmp_path, src.replace("WRITE", "").replace("free(p);", ""))
    assert set(out) == {"memcleanup"}   # still pointed to by p at the return: not lost
