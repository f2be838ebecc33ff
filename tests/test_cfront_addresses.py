"""An address read as a number (``(intptr_t) p``) is any number: it is compared, never followed,
so the analysis takes both branches of a test on it and its witnesses through one are abstracted
(a freed block's address may or may not come back from the next ``malloc``)."""

from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files

ALL = ("memsafety", "memcleanup", "unreach-call")

REUSED = """#include <stdlib.h>
#include <stdint.h>
struct T { struct T *next; };
int main(void) {
  struct T *y = malloc(sizeof(*y));
  intptr_t ay = (intptr_t) y;
  free(y);
  struct T *x = malloc(sizeof(*x));
  intptr_t ax = (intptr_t) x;
  TEST
  return 0;
}
"""


def verify(tmp_path, test):
    path = tmp_path / "prog.c"
    path.write_text(REUSED.replace("TEST", test))
    [f] = verify_files([str(path)], VerifyOptions(ALL, concrete=False))
    return {p.name: p for p in f.properties}


def test_an_address_compared_as_a_number_is_supported(tmp_path):
    path = tmp_path / "prog.c"
    path.write_text(REUSED.replace("TEST", "if (ax == ay) free(x);"))
    assert not lower_file(str(path)).unsupported


def test_both_branches_of_an_address_test_are_taken(tmp_path):
    # cmp-freed-ptr: x freed only when the allocator gave y's block again; memory safe either way
    v = verify(tmp_path, "if (ax == ay) free(x);")
    assert v["memsafety"].verdict == "true", v["memsafety"].reason
    # the other branch keeps x: an alarm whose witness goes through the abstracted test
    assert v["memcleanup"].verdict == "unknown" and "abstracted" in v["memcleanup"].reason
    v = verify(tmp_path, "if (ax != ay) { free(x); x = 0; } free(x);")
    assert [v[p].verdict for p in ALL] == ["true", "true", "true"]


def test_a_double_free_on_one_branch_is_not_proved_away(tmp_path):
    v = verify(tmp_path, "if (ax == ay) free(x); free(x);")
    assert v["memsafety"].verdict == "unknown" and "valid-free alarm" in v["memsafety"].reason
