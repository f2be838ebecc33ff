"""Which function a call calls: by a name in parentheses, through a function pointer, through an asm
label or an alias, or the file's own definition of a library function's name.  Each was a wrong
verdict (a helper's probe): ``(reach_error)()`` and ``f = reach_error; f()`` ran reach_error's body
(``abort()``: a normal end) and unreach-call was true; the concrete runs drew values for a file's
own ``rand()``; a file's own ``malloc`` was taken for the C library's."""

import pytest
from conftest import c_verdicts

HEAD = "extern int __VERIFIER_nondet_int(void);\nextern void abort(void);\nvoid reach_error(void) { abort(); }\n"


@pytest.mark.parametrize("concrete", [True, False])
@pytest.mark.parametrize("decl, call", [
    ("", "(reach_error)()"),
    ("", "(*reach_error)()"),
    ("", "{ void (*f)(void) = reach_error; f(); }"),
    ("extern void fail(void) __asm__(\"reach_error\");\n", "fail()"),
    ("void fail(void) __attribute__((alias(\"reach_error\")));\n", "fail()"),
])
def test_the_error_function_called_by_another_name_is_the_error(tmp_path, decl, call, concrete):
    src = HEAD + decl + f"int main(void) {{\n  if (__VERIFIER_nondet_int())\n    {call};\n  return 0;\n}}\n"
    assert c_verdicts(tmp_path, src, ("unreach-call",), concrete=concrete) == ("false",)


@pytest.mark.parametrize("concrete", [True, False])
@pytest.mark.parametrize("call, analysed", [
    ("pick(x)()", "false"), ("(*pick(x))()", "false"),
    ("(x > 3 ? pick(x) : pick(0))()", "unknown"),   # a conditional callee: unsupported, the runs find it
])
def test_a_call_of_the_pointer_a_call_returns_calls_that_pointer(tmp_path, call, analysed, concrete):
    """libclang names ``pick`` as what ``pick(x)()`` references: the call of the returned pointer was
    taken for a second call of pick and reach_error was never called (unreach-call true, wrong)."""
    src = HEAD + "static void noop(void) {}\n" \
        "static void (*pick(int x))(void) { return x == 5 ? reach_error : noop; }\n" \
        f"int main(void) {{\n  int x = __VERIFIER_nondet_int();\n  {call};\n  return 0;\n}}\n"
    assert c_verdicts(tmp_path, src, ("unreach-call",), concrete=concrete) == \
        ("false" if concrete else analysed,)


def test_an_extern_error_function_through_a_pointer_is_the_error(tmp_path):
    src = "extern void __VERIFIER_error(void);\nint main(void) {\n  void (*f)(void) = __VERIFIER_error;\n" \
          "  f();\n  return 0;\n}\n"
    assert c_verdicts(tmp_path, src, ("unreach-call",)) == ("false",)


def test_a_callback_that_is_the_error_function(tmp_path):
    src = HEAD + "#include <stdlib.h>\nstruct node { struct node *next; };\n" \
        "static void visit(struct node *h, void (*cb)(void)) { if (h) cb(); }\n" \
        "int main(void) {\n  struct node *h = malloc(sizeof *h);\n  h->next = NULL;\n  visit(h, reach_error);\n" \
        "  free(h);\n  return 0;\n}\n"
    # reach_error ends the run with h allocated: memcleanup false too, from the same run
    assert c_verdicts(tmp_path, src) == ("true", "false", "false")


OWN = """extern void *malloc(unsigned long);
extern void free(void *);
int NAME(void) { return 0; }
int main(void) {
  int *p = malloc(sizeof(int));
  if (NAME())
    free(p);
  free(p);
  return 0;
}
"""


@pytest.mark.parametrize("name", ["rand", "__VERIFIER_nondet_int"])
def test_a_file_s_own_definition_of_a_nondeterministic_function_runs(tmp_path, name):
    """Its body returns 0: the first free never runs (the runs drew a value and freed twice)."""
    assert c_verdicts(tmp_path, OWN.replace("NAME", name)) == ("true", "true", "true")


def test_a_file_s_own_malloc_is_its_code(tmp_path):
    """A pool allocator named malloc that may return NULL: not the C library's (which never does
    here), so the dereference is not proved by the analysis; its ``&pool[i]`` is outside the subset."""
    src = "extern int __VERIFIER_nondet_int(void);\nstruct node { struct node *next; };\n" \
          "static struct node pool[4];\nstatic int used;\n" \
          "static void *malloc(unsigned long n) {\n  if (__VERIFIER_nondet_int()) return 0;\n" \
          "  return &pool[used++ & 3];\n}\n" \
          "int main(void) {\n  struct node *a = malloc(sizeof *a);\n  a->next = 0;\n  return 0;\n}\n"
    assert c_verdicts(tmp_path, src, ("memsafety",), concrete=False) == ("unknown",)


LIST = "#include <stdlib.h>\nextern int __VERIFIER_nondet_int(void);\nstruct node { struct node *next; };\n"


@pytest.mark.parametrize("concrete", [True, False])
def test_free_handed_to_a_destructor_frees(tmp_path, concrete):
    """``destroy(h, free)``: the call through the parameter is free's (it was an alarm: unknown)."""
    src = LIST + "static void destroy(struct node *h, void (*rel)(void *)) {\n" \
        "  while (h) { struct node *t = h->next; rel(h); h = t; }\n}\n" \
        "int main(void) {\n  struct node *h = NULL;\n" \
        "  while (__VERIFIER_nondet_int()) { struct node *n = malloc(sizeof *n); n->next = h; h = n; }\n" \
        "  destroy(h, free);\n  return 0;\n}\n"
    assert c_verdicts(tmp_path, src, concrete=concrete) == ("true", "true", "true")


def test_free_through_a_pointer_twice_is_a_double_free(tmp_path):
    src = LIST + "int main(void) {\n  void (*rel)(void *) = free;\n  struct node *h = malloc(sizeof *h);\n" \
        "  rel(h);\n  if (__VERIFIER_nondet_int())\n    rel(h);\n  return 0;\n}\n"
    assert c_verdicts(tmp_path, src, ("memsafety",)) == ("false (valid-free)",)


def test_exit_through_a_pointer_ends_the_program(tmp_path):
    """A cell still held when ``quit(1)`` (= exit) ends the run: memcleanup only."""
    src = LIST + "int main(void) {\n  void (*quit)(int) = __VERIFIER_nondet_int() ? exit : 0;\n" \
        "  struct node *h = malloc(sizeof *h);\n  if (quit)\n    quit(1);\n  free(h);\n  return 0;\n}\n"
    assert c_verdicts(tmp_path, src, ("memsafety", "memcleanup")) == ("true", "false")


FORTIFIED = """#include <stdlib.h>
#include <stdio.h>
extern int __printf_chk(int flag, const char *fmt, ...);
extern int __fprintf_chk(FILE *stream, int flag, const char *fmt, ...);
struct node { struct node *next; int d; };
int main(void) {
  struct node *a = malloc(sizeof *a), *b = malloc(sizeof *b);
  __builtin___memset_chk(a, 0, sizeof *a, __builtin_object_size(a, 0));
  b->next = NULL; b->d = 3;
  __builtin___memcpy_chk(a, b, sizeof *a, __builtin_object_size(a, 0));
  __printf_chk(1, "%d\\n", a->d);
  __fprintf_chk(stderr, 1, "done %d\\n", b->d);
  free(a);
  FREE
  return 0;
}
"""


@pytest.mark.parametrize("free, verdicts", [("free(b);", ("true", "true", "true")), ("", ("true", "false", "true"))])
def test_glibc_s_checked_functions_are_the_functions_they_check(tmp_path, free, verdicts):
    """What gcc -O2 -D_FORTIFY_SOURCE makes of memset, memcpy and printf (``__builtin___memcpy_chk``
    with the object's size, ``__printf_chk`` with a flag): each was an unsupported call (unknown)."""
    assert c_verdicts(tmp_path, FORTIFIED.replace("FREE", free)) == verdicts


ERRNO = """extern int *__errno_location (void) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__const__));
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void free(void *);
void reach_error(void) {}
int main(void) {
  int *p = malloc(sizeof(int));
  (*__errno_location ()) = 0;
  if (__VERIFIER_nondet_int())
    (*__errno_location ()) = 12;
  if ((*__errno_location ()) == BAD)
    reach_error();
  free(p);
  return 0;
}
"""


@pytest.mark.parametrize("concrete", [True, False])
@pytest.mark.parametrize("bad, verdicts", [("12", ("true", "true", "false")), ("13", ("true", "true", "true"))])
def test_glibc_s_errno_is_one_int(tmp_path, bad, verdicts, concrete):
    """``errno`` as a ``.i`` file has it (``(*__errno_location ())``): a call of a function the file
    only declares, unsupported in every property (unknown)."""
    assert c_verdicts(tmp_path, ERRNO.replace("BAD", bad), concrete=concrete) == verdicts


def test_a_witness_starts_in_the_file_not_in_a_header(tmp_path):
    """errno's declaration (a header's) gives its initial value at ``main``'s line."""
    from conftest import verify_c
    res = verify_c(tmp_path, ERRNO.replace("BAD", "12"), ("unreach-call",), concrete=False)
    steps = res.properties[0].witness
    assert steps and all(s.pos is not None and s.pos.file.endswith("prog.c") for s in steps)


def test_errno_over_two_lines_is_left_as_written(tmp_path):
    """An edit keeps the lines (tvla.cfront.rewrite): ``*__errno_location\\n()`` stays a call."""
    from conftest import edited_by
    from tvla.cfront.errno_calls import errno_edits
    src = ERRNO.replace("BAD", "12").replace("(*__errno_location ()) = 0;", "(*__errno_location\n ()) = 0;")
    out = edited_by(tmp_path, src, lambda tu, text: errno_edits(tu, text)[0])
    assert out.count("\n") == src.count("\n")
    assert "(*__errno_location\n ()) = 0;" in out and "(errno) == 12" in out
