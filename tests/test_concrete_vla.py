"""Arrays whose length the run decides, in the concrete runs (``tvla.concrete``): a VLA's
declaration makes an array of the length its expression has then, so a read past its end is a
valid-deref violation the runs show (the analysis leaves such arrays unsupported); ``malloc(0)`` is
a block of no bytes, as glibc's, which no access may touch and which must be freed; a struct's
trailing array of at most one element in a heap block (flexible, zero-length, the struct hack)
reaches the block's end (it was bounded by its declared length: a wrong false)."""

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


FLEXIBLE = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct buf { int len; int data[DECL]; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 5) return 0;
  struct buf *b = malloc(sizeof(struct buf) + n * sizeof(int));
  b->len = n;
  for (int i = 0; i < LIMIT; i++) b->data[i] = i;
  free(b);
  return 0;
}
"""


@pytest.mark.parametrize("decl, limit, violated", [
    ("", "n", set()), ("", "n + 1", {"memsafety"}),          # C99's flexible array member
    ("0", "n", set()), ("0", "n + 1", {"memsafety"}),        # GNU's zero-length array
    ("1", "n + 1", set()), ("1", "n + 2", {"memsafety"}),    # the struct hack: data[0] is in sizeof
])
def test_a_trailing_array_reaches_the_end_of_its_heap_block(tmp_path, decl, limit, violated):
    search, out = found(tmp_path, FLEXIBLE.replace("DECL", decl).replace("LIMIT", limit))
    assert set(out) == violated and search.modeled


def test_an_array_member_that_is_not_the_last_keeps_its_length(tmp_path):
    src = FLEXIBLE.replace("int data[DECL];", "int data[1]; int tail;").replace("LIMIT", "2")
    search, out = found(tmp_path, src)
    assert set(out) == {"memsafety"}


MEMSET = """#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
struct item { int id; struct item *next; };
struct table { struct item *slots[4]; int count; };
int main(void) {
  struct table *t = malloc(sizeof(struct table));
  SET
  if (__VERIFIER_nondet_int()) {
    struct item *it = malloc(sizeof(struct item));
    it->next = t->slots[0];
    t->slots[0] = it;
  }
  for (int k = 0; k < LAST; k++) {
    struct item *p = t->slots[k];
    while (p) { struct item *q = p->next; free(p); p = q; }
  }
  free(t);
  return 0;
}
"""


@pytest.mark.parametrize("set_, last, violated", [
    ("memset(t, 0, sizeof(t));", "1", set()),               # the first 8 bytes: slots[0] only
    ("memset(t, 0, sizeof(t));", "2", {"memsafety"}),       # slots[1] is uninitialised
    ("memset(t, 0, sizeof(t->slots));", "4", set()),
    ("t->count = 0; memset(t->slots, 0, 2 * sizeof(struct item *));", "2", set()),
    ("t->count = 0; memset(t->slots, 0, 2 * sizeof(struct item *));", "3", {"memsafety"}),
    ("t->count = 0; memset(&t->slots[1], 0, sizeof(*t) - sizeof(t->slots[0]));", "4", {"memsafety"}),
    ("memset(t, 0, sizeof(*t) + 1);", "4", {"memsafety"}),    # past the block's end
])
def test_memset_of_a_part_of_a_struct_zeroes_the_scalars_inside_it(tmp_path, set_, last, violated):
    """memset(t, 0, sizeof(t)) zeroes a pointer's worth of a struct: it ended every run before."""
    search, out = found(tmp_path, MEMSET.replace("SET", set_).replace("LAST", last))
    assert set(out) == violated and search.modeled


def test_memset_of_a_part_of_a_scalar_is_not_followed(tmp_path):
    search, out = found(tmp_path, MEMSET.replace("SET", "memset(t, 0, 3);").replace("LAST", "1"))
    assert out == {} and not search.modeled


@pytest.mark.parametrize("extra, violated", [("", set()), ("free(a[0]);", {"memsafety"})])
def test_memmove_copies_overlapping_elements_as_if_through_a_buffer(tmp_path, extra, violated):
    """memmove was a call of a function defined nowhere: every run ended there."""
    src = f"""#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {{
  int **a = malloc(4 * sizeof(int *));
  for (int i = 0; i < 4; i++) a[i] = malloc(sizeof(int));
  int *last = a[3];
  memmove(&a[1], &a[0], 3 * sizeof(int *));   /* a[1..3] = the old a[0..2]; a[0] stays */
  if (__VERIFIER_nondet_int()) *a[0] = 1;
  free(a[1]); free(a[2]); free(a[3]); free(last);
  {extra}
  free(a);
  return 0;
}}
"""
    search, out = found(tmp_path, src)
    assert set(out) == violated and search.modeled


@pytest.mark.parametrize("count, violated", [("n", set()), ("n + 1", {"memsafety"})])
def test_memcpy_past_the_end_of_a_block_not_used_yet_is_found(tmp_path, count, violated):
    """array-memsafety's cmemcpy style: the source was zeroed whole, so no use typed it yet."""
    src = f"""#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main() {{
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 64);
  int *a = malloc(n * sizeof(int));
  memset(a, 0, n * sizeof(int));
  int *b = malloc((n + 1) * sizeof(int));
  memcpy(b, a, ({count}) * sizeof(int));
  int s = b[0];
  free(a);
  free(b);
  return s;
}}
"""
    search, out = found(tmp_path, src)
    assert set(out) == violated
