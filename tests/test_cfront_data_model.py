"""A file ``gcc -m32 -E`` made (its ``size_t`` an ``unsigned int``: the competition's ILP32 tasks) is
parsed for a 32-bit target, so ``long`` and pointers have 32 bits as there, in the analysis and in
the concrete runs; any other file is LP64, as gcc on x86-64.  The ILP32 form of a program was
verified with 64-bit longs: ``ULONG_MAX`` baked in as ``0x7fffffffL * 2UL + 1UL`` did not wrap, and
a wrong false followed (a helper's probe)."""

import subprocess

import pytest

from conftest import TVLA_CLI, c_verdicts

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


# the project's headers follow the target too
SIZES = "#include <stdlib.h>\n#include <limits.h>\n#include <stdint.h>\nextern void reach_error(void);\n" \
        "int main(void) {\n  if (sizeof(long) == 4 && sizeof(void *) == 4 && LONG_MAX == 2147483647 &&\n" \
        "      SIZE_MAX == 4294967295U && sizeof(intptr_t) == 4 && sizeof(int64_t) == 8 && ULONG_MAX == 4294967295U)\n" \
        "    reach_error();\n  return 0;\n}\n"
TASK = "format_version: '2.0'\ninput_files: 'p.c'\nproperties:\n  - property_file: unreach-call.prp\n" \
       "    expected_verdict: true\noptions:\n  language: C\n  data_model: MODEL\n"


@pytest.mark.parametrize("concrete", [True, False])
@pytest.mark.parametrize("model, verdict", [("ILP32", "false"), ("LP64", "true")])
def test_a_task_gives_the_data_model_of_its_c_file(tmp_path, model, verdict, concrete):
    """A ``.c`` task of the competition states its data model in ``options``: it decides the widths
    (the file itself does not tell)."""
    from tvla.cli.verify import VerifyOptions, verify_tasks
    (tmp_path / "p.c").write_text(SIZES)
    (tmp_path / "p.yml").write_text(TASK.replace("MODEL", model))
    [r] = verify_tasks([str(tmp_path / "p.yml")], VerifyOptions(("memsafety",), concrete=concrete))
    assert [(p.name, p.verdict) for p in r.properties] == [("unreach-call", verdict)]
    assert r.expected == (("unreach-call", "true"),)


def test_the_command_line_data_model_wins_over_the_task(tmp_path):
    (tmp_path / "p.c").write_text(SIZES)
    (tmp_path / "p.yml").write_text(TASK.replace("MODEL", "LP64"))
    r = subprocess.run(TVLA_CLI + ["verify", "p.yml", "--data-model", "ILP32"], cwd=tmp_path,
                       capture_output=True, text=True)
    assert r.returncode == 1 and "unreach-call: false" in r.stdout, r.stdout + r.stderr


def test_a_data_model_the_task_cannot_have_is_a_located_error(tmp_path):
    from tvla.cfront.tasks import read_task
    from tvla.errors import TvlaError
    (tmp_path / "p.c").write_text(SIZES)
    (tmp_path / "p.yml").write_text(TASK.replace("MODEL", "LP32"))
    with pytest.raises(TvlaError) as e:
        read_task(str(tmp_path / "p.yml"))
    assert str(e.value).endswith("p.yml:8:1: options: data_model 'LP32' is none of ILP32, LP64")
