"""A file ``gcc -m32 -E`` made (its ``size_t`` an ``unsigned int``: the competition's ILP32 tasks) is
parsed for a 32-bit target, so ``long`` and pointers have 32 bits as there, in the analysis and in
the concrete runs; any other file is LP64, as gcc on x86-64.  The ILP32 form of a program was
verified with 64-bit longs: ``ULONG_MAX`` baked in as ``0x7fffffffL * 2UL + 1UL`` did not wrap, and
a wrong false followed (a helper's probe)."""

import pytest

from conftest import c_verdicts

HEAD = """typedef unsigned SIZE size_t;
extern void *malloc(size_t size);
extern void free(void *p);
extern void reach_error(void);
struct node { struct node *next, *prev; };
"""
WRAP = "int main(void) {\n  unsigned long x = (0x7fffffffL * 2UL + 1UL);\n  x++;\n  if (x != 0) reach_error();\n" \
       "  return 0;\n}\n"
CELL = "int main(void) {\n  struct node *n = malloc(8);\n  n->next = 0;\n  n->prev = 0;\n  free(n);\n  return 0;\n}\n"


@pytest.mark.parametrize("concrete", [True, False])
@pytest.mark.parametrize("size, wrap, cell", [
    ("int", "true", "true"),                  # ILP32: ULONG_MAX + 1 is 0; 8 bytes hold two pointers
    ("long", "false", "false (valid-deref)"),  # LP64: neither
])
def test_the_data_model_of_a_preprocessed_file(tmp_path, size, wrap, cell, concrete):
    head = HEAD.replace("SIZE", size)
    assert c_verdicts(tmp_path, head + WRAP, name="prog.i", concrete=concrete)[2] == wrap
    assert c_verdicts(tmp_path, head + CELL, name="prog.i", concrete=concrete)[0] == cell
