"""Steps of int fields (tvla.cfront.data_steps): ``p->d++``, ``p->d -= 2``, ``p->d = p->d + 1`` keep
the field's value where it is one of the program's constants, so a check after the steps is decided;
before, every step wrote any value and such a check was unknown."""

import pytest
from conftest import assert_embedded, c_verdicts

from tvla.cfront import ir
from tvla.cfront.lower import lower_file
from tvla.cli.verify import write_translation

HEAD = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; TYPE data; };
int main(void) {
  struct node *h = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    n->data = START;
    n->next = h;
    h = n;
  }
  for (struct node *p = h; p; p = p->next)
    STEP;
  for (struct node *p = h; p; p = p->next)
    if (p->data != END) reach_error();
  while (h) { struct node *x = h->next; free(h); h = x; }
  return 0;
}
"""


def program(step, start=0, end=1, typ="int"):
    return HEAD.replace("TYPE", typ).replace("START", str(start)).replace("END", str(end)).replace("STEP", step)


@pytest.mark.parametrize("concrete", [True, False])
@pytest.mark.parametrize("step, start, end, typ, verdict", [
    ("p->data++", 0, 1, "int", "true"),
    ("++p->data", 0, 2, "int", "false"),                           # one step short: reach_error
    ("p->data--", 0, -1, "int", "true"),
    ("p->data += 2", 1, 3, "int", "true"),
    ("p->data = p->data + 1", 0, 1, "int", "true"),
    ("p->data = 1 + p->data", 0, 2, "int", "false"),
    ("{ p->data++; p->data++; }", 0, 2, "int", "true"),            # a constant stepped to another, again
    ("p->data++", 255, 0, "unsigned char", "true"),                # an unsigned field wraps
])
def test_a_step_of_a_field_keeps_its_constant_value(tmp_path, step, start, end, typ, verdict, concrete):
    assert c_verdicts(tmp_path, program(step, start, end, typ), concrete=concrete)[2] == verdict


def test_a_step_of_another_place_or_an_unknown_value_stays_abstracted(tmp_path):
    """``p->data = h->data + 1`` reads another cell; a step past INT_MAX is undefined: neither is exact,
    and the verdict is unknown (the analysis alone: no run can tell)."""
    other = program("p->data = h->data + 1")
    assert c_verdicts(tmp_path, other, concrete=False)[2] == "unknown"
    overflow = program("p->data++", 2147483647, -2147483647 - 1)
    assert c_verdicts(tmp_path, overflow, concrete=False)[2] == "unknown"


def test_the_step_becomes_tests_of_the_constants_and_exact_writes(tmp_path):
    path = tmp_path / "p.c"
    path.write_text(program("p->data += 2", 1, 3))
    stmts = [e.stmt for e in lower_file(str(path)).edges]
    assert not any(isinstance(s, ir.StepData) for s in stmts)
    writes = {s.value for s in stmts if isinstance(s, ir.SetData)}
    assert writes == {1, 3, None}   # 1 -> 3; 3 -> 5, which nothing tests, and any other value -> any
    tests = {(s.cond.op, s.cond.value) for s in stmts if isinstance(s, ir.Assume) and isinstance(s.cond, ir.DataCond)
             and s.cond.right is None}
    assert {("==", 1), ("!=", 1), ("==", 3), ("!=", 3)} <= tests


@pytest.mark.parametrize("step, start, end", [("{ p->data++; p->data++; }", 0, 2), ("p->data -= 2", 3, 1)])
def test_concrete_runs_embed(tmp_path, step, start, end):
    path = tmp_path / "p.c"
    path.write_text(program(step, start, end))
    _tr, tvp, tvs = write_translation(lower_file(str(path)), ("memsafety", "unreach-call"), str(tmp_path))
    assert_embedded(tvp, tvs, "--runs", "20")


CELLS = """#include <stdlib.h>
extern void reach_error(void);
void bump(int *c) { (*c)++; }
int main(void) {
  int *p = malloc(sizeof(int));
  *p = 0;
  (*p)++;
  *p = *p + 1;
  if (*p != 2) reach_error();
  int x = 5;
  bump(&x);
  x++;
  if (x != END) reach_error();
  free(p);
  return 0;
}
"""


@pytest.mark.parametrize("concrete", [True, False])
@pytest.mark.parametrize("end, verdicts", [(7, ("true", "true", "true")),
                                           (8, ("true", "false", "false"))])   # reach_error ends the run: p kept
def test_steps_of_int_cells_and_of_variables_whose_address_is_taken(tmp_path, end, verdicts, concrete):
    """``(*p)++`` of a heap int, ``x++`` of an int whose address a callee steps through: exact too."""
    assert c_verdicts(tmp_path, CELLS.replace("END", str(end)), concrete=concrete) == verdicts


def test_a_heap_int_a_field_points_to(tmp_path):
    src = ("#include <stdlib.h>\nextern void reach_error(void);\nstruct node { int *val; };\nint main(void) {\n"
           "  struct node *n = malloc(sizeof *n);\n  n->val = malloc(sizeof(int));\n  *n->val = 0;\n"
           "  (*n->val)++;\n  if (*n->val != 1) reach_error();\n  free(n->val);\n  free(n);\n  return 0;\n}\n")
    assert c_verdicts(tmp_path, src, concrete=False) == ("true", "true", "true")
