"""A signed int counter stepped in a wider or unsigned type (``n = n + 1L``, ``n += 1u``): the sum
does not overflow, its conversion back to int wraps (as gcc does), so the counter may come out
below its values however it is stepped up.  Such an assignment is no step of the counter: a
counter given only steps up took "another value" to lie above the values it keeps (a signed
overflow being undefined), and ``if (n < 0) reach_error();`` was proved unreachable after
``int n = 2147483600; while (nondet()) n = n + 1L;`` (a wrong true a helper's probe found)."""

import pytest
from conftest import c_verdicts

from tvla.cfront.intvars import step_of
from tvla.cfront.parse import parse_file
from tvla.cfront.cinfo import K

PROGRAM = """extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = 2147483600;
  while (__VERIFIER_nondet_int()) STEP;
  if (n < 0) reach_error();
  return 0;
}
"""


@pytest.mark.parametrize("step, is_step", [
    ("n = n + 1", True), ("n += 1", True), ("n++", True),
    ("n = n + 1L", False), ("n += 1L", False), ("n += 1u", False), ("n = 1L + n", False),
])
def test_only_a_step_in_the_counters_own_type_is_a_step(tmp_path, step, is_step):
    path = tmp_path / "prog.c"
    path.write_text(PROGRAM.replace("STEP", step))
    tu = parse_file(str(path))
    kinds = (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR, K.UNARY_OPERATOR)
    steps = [step_of(c) for c in tu.cursor.walk_preorder() if c.kind in kinds and c.location.line == 5]
    assert any(s is not None for s in steps) == is_step


@pytest.mark.parametrize("step", ["n = n + 1L", "n += 1u"])
def test_a_counter_wrapped_by_its_conversion_is_not_proved_positive(tmp_path, step):
    ms, mc, uc = c_verdicts(tmp_path, PROGRAM.replace("STEP", step))
    assert uc != "true"
