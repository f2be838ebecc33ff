"""``abs``, ``labs``, ``llabs``: the analysis abstracts their value (a witness through one is no
execution), concrete runs compute it (of the least value, which C leaves undefined, a run ends
unreported).  They were unsupported: every verdict unknown, memory safety included."""

import pytest

from conftest import c_verdicts

PROGRAM = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 100 || x < -100) return 0;
  int *p = malloc(sizeof *p);
  *p = FN(x);
  if (TEST) reach_error();
  free(p);
  return 0;
}
"""


@pytest.mark.parametrize("fn", ["abs", "labs", "llabs", "__builtin_abs"])
@pytest.mark.parametrize("test, want", [
    ("*p == 3", ("true", "false", "false")),        # a run finds x = 3 or -3 (reach_error leaves p allocated)
    ("*p < 0", ("true", "unknown", "unknown")),     # only through the abstraction: no run
])
def test_abs_is_abstracted_in_the_analysis_and_computed_in_runs(tmp_path, fn, test, want):
    assert c_verdicts(tmp_path, PROGRAM.replace("FN", fn).replace("TEST", test)) == want
