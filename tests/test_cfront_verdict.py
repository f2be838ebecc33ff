"""The verdict rules of tvla verify and the property names (tvla.cfront.verdict, tvla.cfront.properties)."""

import pytest

from tvla.cfront.ir import Pos
from tvla.cfront.properties import parse_properties
from tvla.cfront.verdict import Alarm, FileVerdict, PropertyVerdict, WitnessStep, decide, exit_status
from tvla.errors import TvlaError

P = Pos("prog.c", 7, 5)
TRACE = (WitnessStep(Pos("prog.c", 3, 1), "p = malloc(...)", "(empty store)"),)


def test_false_needs_a_witness():
    alarm = Alarm("valid-deref", P, "NULL dereference of p")
    v = decide("memsafety", [alarm], (), None)
    assert (v.verdict, v.violated) == ("unknown", None)
    assert v.reason.startswith("prog.c:7:5: valid-deref alarm without a concrete witness")
    v = decide("memsafety", [Alarm("valid-deref", P, "NULL dereference of p", TRACE)], (), None)
    assert (v.verdict, v.violated, v.witness) == ("false", "valid-deref", TRACE)


def test_witness_through_abstracted_code_is_unknown():
    alarm = Alarm("unreach-call", P, "reach_error() is called", TRACE, abstracted=Pos("prog.c", 4, 3))
    v = decide("unreach-call", [alarm], (), None)
    assert v.verdict == "unknown" and "prog.c:4:3" in v.reason


def test_true_only_when_proved():
    assert decide("memcleanup", [], (), None).verdict == "true"
    assert decide("memcleanup", [], (), "max-structures").verdict == "unknown"
    v = decide("memcleanup", [], ((P, "unsupported: pointer arithmetic"),), None)
    assert v.verdict == "unknown" and v.reason == "prog.c:7:5: unsupported: pointer arithmetic"
    # an alarm of another property does not touch this one
    assert decide("memcleanup", [Alarm("valid-free", P, "double free", TRACE)], (), None).verdict == "true"


FREE_STEP = (WitnessStep(Pos("prog.c", 7, 5), "free(l)", "l -> u1 -> u2 -> NULL"),)


def test_an_invalid_access_is_reported_before_a_leak_at_a_free():
    leak = Alarm("valid-memtrack", P, "memory becomes unreachable", TRACE + FREE_STEP, at_free=True)
    deref = Alarm("valid-deref", Pos("prog.c", 8, 5), "l points to freed memory", TRACE + TRACE + TRACE)
    v = decide("memsafety", [leak, deref], (), None)
    assert (v.verdict, v.violated) == ("false", "valid-deref")
    assert decide("memsafety", [leak], (), None).violated == "valid-memtrack"


def test_a_leak_elsewhere_is_reported_when_it_happens_first():
    # l->next->val = l->val loses a cell, and a double free of the shared one comes later
    leak = Alarm("valid-memtrack", P, "memory becomes unreachable", TRACE)
    double = Alarm("valid-free", Pos("prog.c", 9, 5), "p freed twice", TRACE + TRACE)
    assert decide("memsafety", [double, leak], (), None).violated == "valid-memtrack"


DESTROY_UAF = """#include <stdlib.h>
struct node { struct node *next; int d; };
int main(void)
{
    struct node *l = NULL, *r;
    int i;
    for (i = 0; i < 3; i++) { r = malloc(sizeof *r); r->d = i; r->next = l; l = r; }
    while (l != NULL) {
        free(l);
        l = l->next;
    }
    return 0;
}
"""


def test_free_then_read_of_a_counted_list_is_an_invalid_dereference(tmp_path):
    """The free loses the cells after l (a leak at once in the abstraction, on a list of three cells),
    but C reads the freed cell in the next statement: Valgrind and the competition see valid-deref."""
    from tvla.cli.verify import VerifyOptions, verify_files
    path = tmp_path / "t.c"
    path.write_text(DESTROY_UAF)
    [f] = verify_files([str(path)], VerifyOptions(("memsafety",), concrete=False))
    v = f.properties[0]
    assert (v.verdict, v.violated) == ("false", "valid-deref")
    assert {a.kind for a in v.findings} == {"valid-memtrack", "valid-deref"}


# an int array indexed past its end: pointer arithmetic, outside the subset
ARRAY = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "t.c", 4, "reach_error"); }
void check(int *a) { if (a[0] != 0) CALL; }
void (*table[1])(int *) = { TABLE };
int main(void) {
  int *a = calloc(4, sizeof(int));
  a[__VERIFIER_nondet_int() ? 1 : 2] = 7;
  MAIN;
  free(a);
  return 0;
}
"""


@pytest.mark.parametrize("call, table, main, verdict", [
    ("return", "0", "", "true"),                       # reach_error defined, never called
    ("reach_error()", "0", "", "true"),                # called by a function nothing calls
    ("reach_error()", "0", "check(a)", "unknown"),     # called from main, in a program outside the subset
    ("reach_error()", "check", "table[0](a)", "unknown"),   # through a table of function pointers
    ("reach_error()", "check", "", "unknown"),         # a function whose address is taken may be called
])
def test_unreach_call_holds_where_no_function_main_may_call_names_an_error_function(tmp_path, call, table, main,
                                                                                   verdict):
    from tvla.cli.verify import VerifyOptions, verify_files
    path = tmp_path / "t.c"
    path.write_text(ARRAY.replace("CALL", call).replace("TABLE", table).replace("MAIN", main))
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",), concrete=False))
    assert f.properties[0].verdict == verdict


# a list on the stack, an alloca'd cell: nothing on the heap, whatever else is outside the subset
STACK_ONLY = """#include <stdlib.h>
#include <alloca.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int d; };
struct node *make(void) { return ALLOC; }
int main(void) {
  struct node cells[3];
  struct node *a = alloca(sizeof(struct node));
  cells[0].next = &cells[1];
  a->next = cells;
  if (__VERIFIER_nondet_int()) a->next = make();
  return 0;
}
"""


@pytest.mark.parametrize("alloc, unsupported, verdict", [
    ("NULL", True, "true"),                                   # no allocation anywhere
    ("malloc(sizeof(struct node))", True, "unknown"),         # a leak the analysis cannot follow
    ("(struct node *)strdup(\"x\")", True, "unknown"),      # strdup allocates too
    ("(struct node *)getenv(\"X\")", True, "unknown"),      # a library function it does not know may
    # gcc's builtins of the allocators allocate as the allocators do (library_name leaves them be)
    ("(struct node *)__builtin_aligned_alloc(16, 64)", True, "unknown"),
    ("({ void *q = 0; __builtin_posix_memalign(&q, 16, 64); (struct node *)q; })", True, "unknown"),
])
def test_memcleanup_holds_where_no_function_main_may_call_allocates(tmp_path, alloc, unsupported, verdict):
    from tvla.cli.verify import VerifyOptions, verify_files
    path = tmp_path / "t.c"
    path.write_text(STACK_ONLY.replace("ALLOC", alloc))
    [f] = verify_files([str(path)], VerifyOptions(("memcleanup",), concrete=False))
    assert bool(f.unsupported) == unsupported and f.properties[0].verdict == verdict


def test_exit_status():
    def f(*verdicts):
        return FileVerdict("a.c", tuple(PropertyVerdict("memsafety", v) for v in verdicts))
    assert exit_status([f("true", "true")]) == 0
    assert exit_status([f("true", "unknown")]) == 3
    assert exit_status([f("unknown"), f("false")]) == 1
    assert exit_status([f("true"), FileVerdict("b.c", (), error="b.c:1:1: syntax error")]) == 2


def test_property_names_and_files(tmp_path):
    assert parse_properties([]) == ("memsafety", "memcleanup", "unreach-call")
    assert parse_properties(["memsafety,sorted(list)"]) == ("memsafety", "sorted(list)")
    prp = tmp_path / "valid-memsafety.prp"
    prp.write_text("CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\n"
                   "CHECK( init(main()), LTL(G valid-memtrack) )\n")
    assert parse_properties([str(prp)]) == ("memsafety",)
    reach = tmp_path / "unreach-call.prp"
    reach.write_text("CHECK( init(main()), LTL(G ! call(reach_error())) )\n")
    assert parse_properties([str(reach), "valid-memcleanup"]) == ("unreach-call", "memcleanup")
    # the competition's tasks before 2020 named __VERIFIER_error; two files given as one word
    old = tmp_path / "old" / "unreach-call.prp"
    old.parent.mkdir()
    old.write_text("CHECK( init(main()), LTL(G ! call(__VERIFIER_error())) )\n")
    assert parse_properties([str(old)]) == ("unreach-call",)
    assert parse_properties([f"{prp},{old}"]) == ("memsafety", "unreach-call")
    with pytest.raises(TvlaError, match="unknown property"):
        parse_properties(["termination"])
