"""Heap cells of one integer (``int *p = malloc(sizeof(int)); *p = 1``): each is a cell of the
prelude's struct ``__tvla_int_cell`` (one int field, ``value``), so ``*p`` is ``p->value`` and every
property is checked on them as on struct cells."""

import subprocess
import sys

import pytest
from conftest import c_verdicts

from tvla.cfront import ir
from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files, write_translation

ALL = ("memsafety", "memcleanup", "unreach-call")
HEAD = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
"""

USE_AFTER_FREE = """int main(void) {
  int *p = malloc(sizeof(int));
  *p = __VERIFIER_nondet_int();
  int *q = p;
  free(p);
  if (__VERIFIER_nondet_int()) return *q;
  return 0;
}"""

LOST = """int main(void) {
  int *p = malloc(sizeof(int));
  *p = 3;
  p = malloc(sizeof(int));
  free(p);
  return 0;
}"""

CALLOC = """int main(void) {
  int *p = calloc(1, sizeof(int));
  if (*p != 0) reach_error();
  (*p)++;
  free(p);
  return 0;
}"""

MAYBE_NULL = """int *get(int k) {
  if (k) { int *r = malloc(sizeof *r); *r = k; return r; }
  return NULL;
}
int main(void) {
  int *p = get(__VERIFIER_nondet_int());
  *p = 2;
  free(p);
  return 0;
}"""

LIST = """struct node { struct node *next; int *val; };
int main(void) {
  struct node *h = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof(*n));
    n->val = malloc(sizeof(int));
    *n->val = __VERIFIER_nondet_int() ? 7 : SECOND;
    n->next = h; h = n;
  }
  for (struct node *p = h; p; p = p->next)
    if (*(p->val) != 7) reach_error();
  while (h) { struct node *t = h->next; FREE_VAL free(h); h = t; }
  return 0;
}"""

UNINITIALISED = """int main(void) {
  int *p = malloc(sizeof(int));
  int x = *p;
  if (x == 1) reach_error();
  free(p);
  return 0;
}"""

OUT_PARAMETER_AND_CELL = """void set(int *p, int v) { *p = v; }
int main(void) {
  int x = 0;
  set(&x, 5);
  int *c = malloc(sizeof(int));
  set(c, 4);
  if (x != 5) reach_error();
  if (*c != 4) reach_error();
  free(c);
  return 0;
}"""

ORDERED = """int main(void) {
  int *a = malloc(sizeof(int));
  int *b = malloc(sizeof(int));
  *a = __VERIFIER_nondet_int();
  *b = __VERIFIER_nondet_int();
  if (*a > *b) { int t = *a; *a = *b; *b = t; }
  if (*a CMP *b) reach_error();
  free(a); free(b);
  return 0;
}"""

SWAP = """void swap(int *x, int *y) { int t = *x; *x = *y; *y = t; }
int main(void) {
  int *a = malloc(sizeof(int));
  int *b = malloc(sizeof(int));
  *a = __VERIFIER_nondet_int();
  *b = __VERIFIER_nondet_int();
  if (*a CMP *b) swap(a, b);
  if (*a > *b) reach_error();
  free(a); free(b);
  return 0;
}"""

NARROW = """int main(void) {
  _Bool *f = malloc(sizeof(_Bool));
  *f = 0;
  while (__VERIFIER_nondet_int()) { *f = 1; }
  if (*f != 0 && *f != 1) reach_error();
  unsigned char *c = malloc(1);
  *c = 255;
  if (c[0] != 255) reach_error();
  free(c);
  free(f);
  return 0;
}"""


def write(tmp_path, src):
    path = tmp_path / "prog.c"
    path.write_text(HEAD + src + "\n")
    return str(path)


def verdicts(tmp_path, src):
    return c_verdicts(tmp_path, HEAD + src + "\n", ALL, concrete=False)


@pytest.mark.parametrize("src, expected", [
    (USE_AFTER_FREE, ("false (valid-deref)", "true", "true")),
    (LOST, ("false (valid-memtrack)", "false", "true")),
    (CALLOC, ("true", "true", "true")),
    (MAYBE_NULL, ("false (valid-deref)", "true", "true")),
    (LIST.replace("SECOND", "7").replace("FREE_VAL", "free(h->val);"), ("true", "true", "true")),
    (LIST.replace("SECOND", "8").replace("FREE_VAL", "free(h->val);"), ("true", "false", "false")),
    (LIST.replace("SECOND", "7").replace("FREE_VAL", ""), ("false (valid-memtrack)", "false", "true")),
    (UNINITIALISED, ("true", "false", "false")),
    (OUT_PARAMETER_AND_CELL, ("true", "true", "true")),
    (ORDERED.replace("CMP", ">"), ("true", "true", "true")),
    (ORDERED.replace("CMP", ">="), ("true", "false", "false")),
    (NARROW, ("true", "true", "true")),
    (SWAP.replace("CMP", ">"), ("true", "true", "true")),
    (SWAP.replace("CMP", "<"), ("true", "false", "false")),
], ids=["use-after-free", "lost", "calloc", "maybe-null", "list", "list-bad-value", "list-leak",
        "uninitialised", "out-parameter-and-cell", "ordered", "ordered-equal", "narrow",
        "swap", "swap-wrong-way"])
def test_verdicts_on_int_cells(tmp_path, src, expected):
    assert verdicts(tmp_path, src) == expected


BUFFERS = """struct node { struct node *next; char *name; };
int main(void) {
  struct node *h = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    n->name = malloc(SIZE);
    n->next = h;
    h = n;
  }
  while (h) { struct node *t = h->next; FREE_NAME free(h); h = t; }
  return 0;
}"""


@pytest.mark.parametrize("size, free_name, expected", [
    ("16", "free(h->name);", ("true", "true", "true")),
    ("__VERIFIER_nondet_int() ? 8 : 16", "free(h->name);", ("true", "true", "true")),
    ("16", "if (__VERIFIER_nondet_int()) free(h->name);", ("false (valid-memtrack)", "false", "true")),
    ("16", "free(h->name); free(h->name);", ("false (valid-free)", "true", "true")),
])
def test_buffers_allocated_and_freed_are_cells(tmp_path, size, free_name, expected):
    # a block of several elements (or of a size not known, where no element is read or written)
    # is one int cell: allocated, passed around and freed, it is tracked as any cell (it was
    # unsupported: every verdict unknown)
    assert verdicts(tmp_path, BUFFERS.replace("SIZE", size).replace("FREE_NAME", free_name)) == expected


def test_the_first_element_of_a_block_is_the_cell_value(tmp_path):
    src = "int main(void) {\n  int *buf = malloc(10 * sizeof(int));\n  buf[0] = 1;\n" \
          "  if (buf[0] != CHECK) reach_error();\n  free(buf);\n  return 0;\n}"
    assert verdicts(tmp_path, src.replace("CHECK", "1")) == ("true", "true", "true")
    # reach_error() ends the program before the free: memcleanup is violated too
    assert verdicts(tmp_path, src.replace("CHECK", "2")) == ("true", "false", "false")


def test_a_dereference_is_a_field_of_the_int_cell(tmp_path):
    prog = lower_file(write(tmp_path, CALLOC))
    assert not prog.unsupported
    assert [v.struct for v in prog.pointers if v.name == "p"] == ["__tvla_int_cell"]
    assert [e.stmt for e in prog.edges if isinstance(e.stmt, ir.Malloc)] == \
        [ir.Malloc("p", "__tvla_int_cell", True, False)]
    assert prog.struct("__tvla_int_cell").int_fields == ("value",)


@pytest.mark.parametrize("src, message", [
    ("int main(void) { int *p = malloc(6); free(p); return 0; }",
     "malloc of 6 bytes for int (4 bytes) (arrays are not followed)"),
    # a block of a size not known may hold no element: where one is read or written, unsupported
    ("int main(void) { int n = __VERIFIER_nondet_int(); int *p = malloc(n * sizeof(int)); *p = 1; free(p);\n"
     "  return 0; }", "malloc of a non-constant size for int (4 bytes)"),
    ("#include <string.h>\nint main(void) { char *p = malloc(__VERIFIER_nondet_int()); memset(p, 0, 4);\n"
     "  free(p); return 0; }", "malloc of a non-constant size for char (1 bytes)"),
    ("int main(void) { int *p = malloc(sizeof(int)); p[1] = 2; free(p); return 0; }",
     "array access p[1]"),
    ("struct node { struct node *next; };\n"
     "int main(void) { struct node *n = malloc(sizeof *n); int *p = (int *)n; free(n); return 0; }",
     "cast between struct node * and int *"),
    # a char * (unsigned char *, _Bool *) variable holding a cell of one byte is no struct's bytes:
    # taken for the struct's cell, the store past its one byte was not reported (memsafety true)
    ("struct node { struct node *next; int d; };\n"
     "int main(void) { unsigned char *c = malloc(1); *c = 0; struct node *n = (struct node *)c;\n"
     "  n->d = 5; free(c); return 0; }",
     "cast between unsigned char * and struct node *"),
    ("int main(void) { _Bool *c = malloc(1); *c = 0; int *i = (int *)c; *i = 5; free(c); return 0; }",
     "cast between _Bool * and int *"),
    # *(unsigned char *)n reads a byte of n's datum, not a field value of n's cell (was: true)
    ("struct node { int d; struct node *next; };\n"
     "int main(void) { struct node *n = malloc(sizeof *n); n->d = 7; n->next = 0;\n"
     "  if (*(unsigned char *)n == 7) reach_error(); free(n); return 0; }",
     "cast between struct node * and unsigned char *"),
    # a void * parameter holds its argument's cell: returned or stored as another pointer type it is
    # no cell of that type (was: the struct's cell read as an int cell, unreach-call true)
    ("struct node { int d; struct node *next; };\n"
     "void *id(void *q) { return q; }\n"
     "int main(void) { struct node *n = malloc(sizeof *n); n->d = 7; n->next = 0; int *p = id(n);\n"
     "  if (*p == 7) reach_error(); free(n); return 0; }",
     "q, a void * to node, used as an int *"),
    ("struct node { int d; struct node *next; };\nstruct other { int e; struct other *next; };\n"
     "void link(struct node *n, void *q) { n->next = q; }\n"
     "int main(void) { struct node *n = malloc(sizeof *n); struct other *o = malloc(sizeof *o);\n"
     "  o->e = 3; o->next = 0; n->d = 0; link(n, o); if (n->next->d == 3) reach_error();\n"
     "  free(o); free(n); return 0; }",
     "q, a void * to other, used as a struct node *"),
], ids=["partial-element", "unknown-size-read", "unknown-size-memset", "index", "cast", "byte-cell-as-struct", "byte-cell-as-int", "struct-bytes-read",
        "void-identity-to-int", "void-parameter-stored"])
def test_what_is_not_an_int_cell_is_unsupported(tmp_path, src, message):
    [f] = verify_files([write(tmp_path, src)], VerifyOptions(ALL, concrete=False))
    # unreach-call holds where nothing names reach_error, whatever the rest of the program does
    called = "reach_error()" in src
    assert [p.verdict for p in f.properties] == ["unknown", "unknown", "unknown" if called else "true"]
    assert any(message in (p.reason or "") for p in f.properties), [p.reason for p in f.properties]


def test_char_pointer_casts_still_view_a_cells_bytes(tmp_path):
    # container_of's (char *)ptr - offsetof(...) makes no char cell
    src = """struct link { struct link *next; };
struct item { int d; struct link l; };
int main(void) {
  struct item *i = malloc(sizeof *i);
  struct link *p = &i->l;
  struct item *j = (struct item *)((char *)p - __builtin_offsetof(struct item, l));
  free(j);
  return 0;
}"""
    prog = lower_file(write(tmp_path, src))
    assert not prog.unsupported, prog.unsupported


def test_the_list_of_int_cells_embeds_its_concrete_runs(tmp_path):
    src = LIST.replace("SECOND", "8").replace("FREE_VAL", "free(h->val);")
    _tr, tvp, tvs = write_translation(lower_file(write(tmp_path, src)), ("memsafety", "unreach-call"),
                                      str(tmp_path))
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", tvp, tvs, "--nodes", "2"],
                           capture_output=True, text=True, timeout=120)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr


NARROWING = """int main(void) {
  BODY
  return 0;
}"""


@pytest.mark.parametrize("body", [
    # C: each reaches reach_error(); the explicit cast was stripped with the value read through it
    "int *c = malloc(sizeof(int)); *c = -1; if ((unsigned char)*c == 255) reach_error(); free(c);",
    "long long *a = malloc(sizeof(long long)); *a = 4294967296LL; if ((int)*a == 0) reach_error(); free(a);",
    "int *c = malloc(sizeof(int)); *c = 256; if (!(unsigned char)*c) reach_error(); free(c);",
    "int x = 256; switch ((unsigned char)x) { case 0: reach_error(); break; default: break; }",
    "int x = 256; int y = 0; if (y + (unsigned char)x == 0) reach_error();",
    "int *c = malloc(sizeof(int)); int x = 0; if (__VERIFIER_nondet_int()) x = 300;"
    " *c = (unsigned char)x; if (*c == 44) reach_error(); free(c);",
], ids=["compare-cell", "compare-long-long-cell", "truth-cell", "switch", "arithmetic", "store-flag"])
def test_a_narrowing_cast_is_not_dropped(tmp_path, body):
    """An explicit cast that does not keep every value of its operand (``(unsigned char)x``) makes
    the value abstract; it was read as the operand's own value, and each of these was true."""
    [f] = verify_files([write(tmp_path, NARROWING.replace("BODY", body))], VerifyOptions(("unreach-call",), concrete=False))
    [prop] = f.properties
    assert prop.verdict == "unknown", prop.reason


ADDRESSED = """int main(void) {
  int x = 1;
  int *p = &x;
  *p = 5;
  if (x != WANT) reach_error();
  x++;
  if (__VERIFIER_nondet_int()) FREE;
  return 0;
}"""

DANGLING = """int *f(void) { int y = 3; return &y; }
int main(void) {
  int *p = f();
  if (*p != 3) reach_error();
  return 0;
}"""

THROUGH_PARAMETER = """void set(int *p) { *p = 7; }
int main(void) {
  int x = 0, y = 0;
  int *q = &y;
  set(&x);
  set(q);
  if (x != 7 || y != WANT) reach_error();
  return 0;
}"""


@pytest.mark.parametrize("src, expected", [
    (ADDRESSED.replace("WANT", "5").replace("FREE", "x = 0"), ("true", "true", "true")),
    (ADDRESSED.replace("WANT", "1").replace("FREE", "x = 0"), ("true", "true", "false")),
    (ADDRESSED.replace("WANT", "5").replace("FREE", "free(p)"), ("false (valid-free)", "true", "true")),
    (DANGLING, ("false (valid-deref)", "true", "true")),
    (THROUGH_PARAMETER.replace("WANT", "7"), ("true", "true", "true")),
    (THROUGH_PARAMETER.replace("WANT", "0"), ("true", "true", "false")),
], ids=["written-through-pointer", "written-through-pointer-wrong", "freed", "dangling", "through-parameter",
        "through-parameter-wrong"])
def test_an_int_variable_whose_address_is_taken_is_a_cell_not_on_the_heap(tmp_path, src, expected):
    assert verdicts(tmp_path, src) == expected
