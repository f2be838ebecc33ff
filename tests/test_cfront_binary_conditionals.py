"""GNU's ``x ?: y`` (tvla.cfront.binary_conditionals): ``x ? (x) : y`` where ``x`` can be evaluated
twice for the same value, unsupported otherwise; the concrete runs evaluate ``x`` once.

libclang shows it as an unexposed expression whose last child is ``y``, and the lowering once read
``c = a ?: b`` as ``c = b``: a double free of ``a`` was proved absent."""

import pytest

from conftest import c_verdicts, verify_c

PROPERTIES = ("memsafety", "memcleanup", "unreach-call")

CHOSEN = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; };
int main(void) {
  struct node *a = __VERIFIER_nondet_int() ? malloc(sizeof(struct node)) : NULL;
  struct node *b = malloc(sizeof(struct node));
  struct node *c = a ?: b;
  AFTER
  return 0;
}
"""


@pytest.mark.parametrize("after, want", [
    ("free(c); if (a) free(a); if (c != b) free(b);", ("false (valid-free)", "true", "true")),
    ("c->next = NULL; if (a) free(a); free(b);", ("true", "true", "true")),
    ("free(c); if (c != b) free(b); else if (a) free(a);", ("true", "true", "true")),
    ("free(c); free(b);", ("false (valid-free)", "true", "true")),
])
@pytest.mark.parametrize("concrete", [False, True])
def test_x_or_else_y_is_x_when_x_is_not_null(tmp_path, after, want, concrete):
    assert c_verdicts(tmp_path, CHOSEN.replace("AFTER", after), PROPERTIES, concrete=concrete) == want


COUNTED = """extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int k = __VERIFIER_nondet_int() ?: 5;
  if (k == VALUE) reach_error();
  return 0;
}
"""


@pytest.mark.parametrize("value, verdict", [(5, "false"), (0, "unknown")])
def test_an_x_with_an_effect_is_unsupported_and_run_once(tmp_path, value, verdict):
    """A call's value cannot be written twice; a run calls it once and never gets 0."""
    [p] = verify_c(tmp_path, COUNTED.replace("VALUE", str(value)), ("unreach-call",)).properties
    assert p.verdict == verdict
    if verdict == "unknown":
        assert "?: 5" in p.reason and "unsupported" in p.reason


@pytest.mark.parametrize("choice", ["1, a, b); free(c); free(b);", "0, a, b); free(c); free(a);"])
def test_an_expression_libclang_does_not_expose_is_unsupported(tmp_path, choice):
    """``__builtin_choose_expr(1, a, b)`` is another unexposed expression of several children: read as
    its last child, it freed ``b`` twice (a wrong false)."""
    src = CHOSEN.replace("a ?: b;\n  AFTER", "__builtin_choose_expr(" + choice)
    [p] = verify_c(tmp_path, src, ("memsafety",)).properties
    assert p.verdict == "unknown" and "libclang does not expose" in p.reason
