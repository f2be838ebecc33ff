"""Rules of C that the analysis and the concrete runs follow alike (each case was a wrong verdict):
a ``case`` label converted to the switch's type, a constant no value of a narrow type takes,
GCC's builtins of the C library, attributes that call code the text does not show, and a
declaration reached again by a goto back in its block."""

import pytest
from conftest import c_verdicts, verify_c

SWITCH = """#include <stdlib.h>
extern void reach_error(void);
struct node { unsigned long c; };
int main(void) {
  struct node *n = malloc(sizeof *n);
  n->c = -1;
  switch (n->c) { BODY }
  free(n);
  return 0;
}
"""


@pytest.mark.parametrize("concrete", [True, False])
@pytest.mark.parametrize("body, expected", [
    ("case -1: reach_error();", "false"),                    # -1 of an unsigned long is ULONG_MAX
    ("case -1: break; default: reach_error();", "true"),
    ("case 18446744073709551615ul: reach_error();", "false"),
])
def test_a_case_label_is_converted_to_the_switch_type(tmp_path, body, expected, concrete):
    assert c_verdicts(tmp_path, SWITCH.replace("BODY", body), ("unreach-call",), concrete=concrete) == (expected,)


NARROW = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { unsigned char s; int d; };
int main(void) {
  TYPE x = __VERIFIER_nondet_int();
  struct node *n = malloc(sizeof *n);
  n->s = __VERIFIER_nondet_int();
  WRITE
  if (TEST) reach_error();
  free(n);
  return 0;
}
"""


@pytest.mark.parametrize("kind, write, test", [
    ("unsigned char", "n->d = x;", "n->d == 256"),       # x holds at most 255
    ("short", "n->d = x;", "n->d == 40000"),
    ("int", "n->d = n->s;", "n->d == -1"),                # the field s holds 0..255
    ("int", "", "n->s == 256"),
])
def test_a_constant_no_value_of_a_narrow_type_takes_is_never_equal(tmp_path, kind, write, test):
    """Before, the analysis alone said false, with a witness giving the narrow value the constant."""
    src = NARROW.replace("TYPE", kind).replace("WRITE", write).replace("TEST", test)
    assert c_verdicts(tmp_path, src, ("unreach-call",), concrete=False) == ("true",)


def test_a_key_out_of_a_region_variables_type_declares_no_rule(tmp_path):
    """A short compared with cells given 40000 (no short's value) made a rule on an undeclared
    predicate: exit 2 and no verdict."""
    src = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int d; };
int main(void) {
  short x = __VERIFIER_nondet_int();
  struct node *h = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    n->d = 40000; n->next = h; h = n;
  }
  if (h && h->d == x) h = 0;
  while (h) { struct node *t = h->next; free(h); h = t; }
  return 0;
}
"""
    assert c_verdicts(tmp_path, src, ("memsafety", "memcleanup"), concrete=False) == ("true", "true")


@pytest.mark.parametrize("body, expected", [
    ("char *p = __builtin_malloc(1); return 0;", ("true", "false")),   # a leak at exit
    ("struct node *p = __builtin_malloc(sizeof *p); __builtin_free(p); return 0;", ("true", "true")),
])
def test_gcc_builtins_of_the_c_library_are_the_functions(tmp_path, body, expected):
    src = "#include <stdlib.h>\nstruct node { struct node *next; };\nint main(void) { " + body + " }\n"
    assert c_verdicts(tmp_path, src, ("memsafety", "memcleanup")) == expected


@pytest.mark.parametrize("src", [
    "static void freep(struct node **p) { free(*p); }\n"
    "int main(void) { struct node *p __attribute__((cleanup(freep))) = malloc(sizeof *p); return 0; }\n",
    "struct node *g;\n__attribute__((constructor)) static void setup(void) { g = malloc(sizeof *g); }\n"
    "int main(void) { return 0; }\n",
])
def test_code_an_attribute_calls_is_unsupported(tmp_path, src):
    """A cleanup function or a constructor runs without a call the text shows: every verdict is
    unknown (before: memcleanup false for the cleanup that frees, true for the constructor's leak)."""
    src = "#include <stdlib.h>\nstruct node { struct node *next; };\n" + src
    assert c_verdicts(tmp_path, src, ("memsafety", "memcleanup", "unreach-call")) == ("unknown",) * 3


@pytest.mark.parametrize("choice, verdict", [("", "true"), ("if (__VERIFIER_nondet_int()) return 0;", "unknown")])
def test_a_goto_back_over_a_struct_declaration_is_unsupported(tmp_path, choice, verdict):
    """C keeps one object for ``s`` while its block runs: ``saved == &s`` after the goto.  The
    analysis and the runs made a new one at each pass (a wrong false).  The analysis has no form
    for it; without a choice, the program's one run (which keeps the object) proves it."""
    src = """extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct cell { int d; };
int main(void)
{
    struct cell *saved = 0;
    CHOICE
again:;
    struct cell s;
    if (saved == 0) { saved = &s; goto again; }
    if (saved != &s) reach_error();
    return 0;
}
""".replace("CHOICE", choice)
    assert c_verdicts(tmp_path, src, ("unreach-call",)) == (verdict,)


def test_a_pointer_declared_again_without_a_value_is_indeterminate_in_the_runs(tmp_path):
    """C11 6.2.4p6: each time a declaration without an initialiser is reached, the value becomes
    indeterminate.  The runs kept ``t`` (freed at the first pass) across the goto, so the
    witness said "freed" where C dereferences an uninitialised pointer (p66 of a probe; with
    ``if (nondet) t = h;`` before the use, the runs found no violation at all)."""
    src = """#include <stdlib.h>
struct node { struct node *next; int d; };
int main(void) {
  int first = 1;
again:
  {
    struct node *t;
    if (first) { t = malloc(sizeof *t); free(t); first = 0; goto again; }
    t->d = 1;
  }
  return 0;
}
"""
    [ms] = verify_c(tmp_path, src, ("memsafety",)).properties
    assert (ms.verdict, ms.violated) == ("false", "valid-deref"), ms
    assert any("uninitialised pointer" in f.message and "a run of the C program" in f.message
               for f in ms.findings), ms.findings


@pytest.mark.parametrize("body, expected", [
    # a step or a shift through a narrowing cast is no step: C wraps the value (x is -56)
    ("int x = 100; x = (signed char)(x + 100); if (x < 0) reach_error();", "unknown"),
    ("int x = 0; x = (_Bool)(x + 1); x = (_Bool)(x + 1); if (x == 1) reach_error();", "unknown"),
    ("int y = 0; if ((signed char)(y + 200) < 0) reach_error();", "unknown"),
    ("int x = 255; if ((unsigned char)(x + 1) == 0) reach_error();", "unknown"),
    ("int y = -257; if ((signed char)(y + 1) < 0) reach_error();", "unknown"),   # 0: was a wrong false
    # constants folded as C computes them: (0u - 1) / 2 is 2147483647 in unsigned
    ("unsigned u = 0; int x = (u - 1) / 2; if (x > 5) reach_error();", "false"),
    ("unsigned u = 3; int x = 0; if (__VERIFIER_nondet_int()) x = -u / 2; if (x > 5) reach_error();", "false"),
    ("int a = 100; int x = (signed char)(a + a); if (x < 0) reach_error();", "unknown"),
    # a shift computed in unsigned wraps there, not in the variable's type
    ("int y = 0; if (__VERIFIER_nondet_int()) y = 3; long x = y - 1u; if (x > 5) reach_error();", "false"),
    ("int y = 0; while (__VERIFIER_nondet_int()) y++; long x = y + 4294967295u; "
     "if (x == 4294967296) reach_error();", "unknown"),   # never: was a wrong false
    # an unsigned flag holds its values as unsigned (y - 2 is 4294967294 or 4294967295)
    ("int y = 0; if (__VERIFIER_nondet_int()) y = 1; unsigned z = y - 2; z = z >> 31; "
     "if (z == 1) reach_error();", "false"),
])
def test_int_values_computed_as_c_converts_them(tmp_path, body, expected):
    """Casts and unsigned arithmetic in steps, shifts, folded constants and guarded tests (a probe's
    f05, g04, m2, n01, h02, j02, j06, j01, k04, m4, o06): each was a wrong true (or false) of the
    analysis alone, the value computed as if the cast or the unsigned type were not there."""
    src = "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint main(void) {\n  " + \
        body + "\n  return 0;\n}\n"
    assert c_verdicts(tmp_path, src, ("unreach-call",), concrete=False) == (expected,)


@pytest.mark.parametrize("body, expected", [
    # ++c == 256 of an unsigned char: the new value (0), promoted, is never 256
    ("unsigned char c = 255; if (++c == 256) return 0; reach_error();", "false"),
    ("signed char c = 127; if (++c == 128) return 0; reach_error();", "false"),
    ("int i = -1; if (++i == 4294967296L) return 0; reach_error();", "false"),
    ("unsigned char c = 0; while (--c != -1) ; reach_error();", "true"),   # never leaves the loop
    # a condition stored into a signed bit-field of one bit is -1
    ("struct { int b : 1; } s; s.b = __VERIFIER_nondet_int() < 5 || 1; if (s.b == -1) reach_error();", "false"),
    # a compound assignment inside an expression keeps its step (k is 1 after it)
    ("int k = 0; if ((k += 1) * 2 == 100) return 0; if (k == 1) reach_error();", "unknown"),
    ("int k = 0; if ((k += 1) * 2 == 100) return 0; while (k == 1) ; reach_error();", "true"),
])
def test_steps_and_truth_values_as_c_computes_them(tmp_path, body, expected):
    """A probe's b01-b08, h07, i02, i05: each was a wrong true (or, where C loops forever, a wrong
    false even with concrete runs) of the analysis alone."""
    src = "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint main(void) {\n  " + \
        body + "\n  return 0;\n}\n"
    assert c_verdicts(tmp_path, src, ("unreach-call",), concrete=False) == (expected,)


@pytest.mark.parametrize("after", ["", "free(q);"])
def test_memcleanup_alone_follows_uninitialised_pointers(tmp_path, after):
    # free(p) of a p never given a value: no run goes on past it, so none ends with q allocated;
    # asked alone, memcleanup read p as NULL (bad[p] was tracked for memsafety only) and said false,
    # with a witness where p = NULL
    src = ("#include <stdlib.h>\n"
           "struct node { struct node *next; };\nint main(void) {\n  struct node *p;\n"
           "  struct node *q = malloc(sizeof(struct node));\n  free(p);\n  AFTER\n  return 0;\n}\n")
    assert c_verdicts(tmp_path, src.replace("AFTER", after), ("memcleanup",), concrete=False) == ("true",)
