"""Concrete runs of C programs (tvla.concrete.cexec, tvla.concrete.csearch): the violations a run
really reaches, in the competition's meaning, and ``tvla verify``'s ``false`` from them where the
abstraction gives no witness.  Runs are evidence of ``false`` only: a run that needs undefined
behaviour claims nothing, and the corpus's true programs get no false from them."""

import os
import re
import random

import pytest

from tvla.cfront.ir import Pos
from tvla.cfront.parse import deep_stack
from tvla.cli.verify import VerifyOptions, verify_files
from tvla.concrete.cexec import Event, Limits, Machine, Outcome
from tvla.concrete.csearch import Chooser, ConcreteSearch, Steered, steered, violated

HERE = os.path.dirname(__file__)
DATA = os.path.join(HERE, "data", "c", "concrete")
CORPUS = os.path.join(os.path.dirname(HERE), "programs", "c")
PROPS = ["memsafety", "memcleanup", "unreach-call"]


def find(path, props=PROPS, runs=600, steer=0):
    def go():
        search = ConcreteSearch.of_file(path)
        assert search is not None
        return search.find(props, 0, runs, 60.0, steer=steer)
    return deep_stack(go)


def data(name):
    return os.path.join(DATA, name)


def test_unsigned_conversion_reaches_the_error():
    found = find(data("unsigned_compare.c"))
    assert set(found) == {"unreach-call", "memcleanup"}   # reach_error ends the run with cells
    w = found["unreach-call"].witness
    assert [s.pos.line for s in w[-2:]] == [14, 15]      # the test, then reach_error()
    assert w[-1].action == "reach_error()"
    assert "c1 = 4294967295" in w[-1].store and ".d = -1" in w[-1].store


def test_a_loop_of_jumps_only_ends_the_run_and_the_search():
    """``_EXIT: goto _EXIT;`` runs no statement: the run ends there (it would spin forever) and
    claims nothing; the search goes on with the other runs (it spun forever before)."""
    found = find(data("spin_forever.c"))
    assert set(found) == {"unreach-call", "memcleanup"}   # only where the error is reached
    assert found["unreach-call"].witness[-1].pos.line == 14


def test_a_witness_store_names_each_element_of_an_array(tmp_path):
    src = tmp_path / "buckets.c"
    src.write_text("#include <stdlib.h>\nstruct node { struct node *next; };\nstruct node *bk[2];\n"
                   "int main(void) { bk[0] = NULL; bk[1] = malloc(sizeof(struct node)); bk[1]->next = NULL;\n"
                   "  return 0; }\n")
    w = find(str(src), ["memcleanup"])["memcleanup"].witness
    assert "bk[0] = NULL; bk[1] -> c1; c1.next = NULL" in w[-1].store   # was "bk = NULL" for bk[0]


def test_memcpy_into_a_block_not_used_yet_copies_the_cell(tmp_path):
    """``a = malloc(sizeof *a); memcpy(a, b, sizeof *a)``: the new block takes b's type (the run
    stopped as unmodeled: "memcpy of a part of an element"), so the cell left is seen at the end."""
    src = tmp_path / "copy.c"
    src.write_text("#include <stdlib.h>\n#include <string.h>\nstruct node { struct node *next; int d; };\n"
                   "int main(void) { struct node *b = malloc(sizeof *b); b->next = NULL; b->d = 3;\n"
                   "  struct node *a = malloc(sizeof *a); memcpy(a, b, sizeof *a);\n"
                   "  if (a->d == 3) free(a);\n  return 0; }\n")
    assert find(str(src), ["memcleanup"])["memcleanup"].pos.line == 7


def test_a_witness_store_lists_elements_in_index_order_runs_of_one_value_once(tmp_path):
    src = tmp_path / "fill.c"
    src.write_text("#include <stdlib.h>\nint main(void) { int *a = malloc(12 * sizeof(int));\n"
                   "  for (int i = 0; i < 12; i++) a[i] = i < 2 ? i : 7;\n  a[10] = 3;\n  return 0; }\n")
    w = find(str(src), ["memcleanup"])["memcleanup"].witness
    # was c1[0] = 0; c1[1] = 1; c1[10] = 3; c1[11] = 7; c1[2] = 7; ... (text order, one element each)
    assert w[-1].store.endswith("c1[0] = 0; c1[1] = 1; c1[2..9] = 7; c1[10] = 3; c1[11] = 7")


@pytest.mark.parametrize("drop, kind, message, line", [
    ("free(head)", "valid-deref", "dereference of memory of a returned call (alloca)", 18),
    ("m->d = 2", "valid-free", "free of memory not on the heap", 19),
])
def test_alloca_memory_lives_until_its_call_returns_and_is_not_freed(tmp_path, drop, kind, message, line):
    """``alloca`` gives memory of the calling function (``mk``'s dies when mk returns), which is
    no heap memory: not to free, never leaked (the list built by alloca in main is not lost)."""
    text = open(data("alloca_misuse.c")).read()
    src = tmp_path / "alloca.c"
    src.write_text("\n".join("" if drop in row else row for row in text.split("\n")))   # lines stay
    found = find(str(src))
    assert set(found) == {"memsafety"}
    assert (found["memsafety"].kind, found["memsafety"].message, found["memsafety"].pos.line) == (kind, message, line)


ASSUMED = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main() {
  int *a = malloc(sizeof(int));
  int x = __VERIFIER_nondet_int();
  if (x) a = 0;
  __VERIFIER_assume(!x);
  free(a);
  return 0;
}
"""


def test_a_cell_lost_before_a_failed_assumption_stays_lost(tmp_path):
    """``__VERIFIER_assume(0)`` stops the run (it loops forever): a cell lost before it was lost in
    a run of C, but the program does not terminate there, so memcleanup holds."""
    src = tmp_path / "assumed.c"
    src.write_text(ASSUMED)
    found = find(str(src))
    assert set(found) == {"memsafety"}
    assert (found["memsafety"].kind, found["memsafety"].pos.line) == ("valid-memtrack", 7)
    [f] = verify_files([str(src)], VerifyOptions(("memsafety", "memcleanup")))
    assert [(p.verdict, p.violated) for p in f.properties] == [("false", "valid-memtrack"), ("true", None)]


def test_long_runs_loop_as_many_times_as_a_constant_says():
    """The head is dropped only after 30 cells: no random run loops that long (at most 12 times),
    but a long run, after the steered ones, does."""
    assert find(data("long_loop.c"), ["memsafety"], runs=300) == {}
    f = find(data("long_loop.c"), ["memsafety"], runs=300, steer=10)["memsafety"]
    assert (f.kind, f.pos.line) == ("valid-memtrack", 8)


CUT_LATE = """#include <stdlib.h>
struct node { struct node *next; };
int main(void) {
  struct node *h = 0, *p;
  for (int i = 0; i < 40; i++) { p = malloc(sizeof *p); p->next = h; h = p; }
  for (p = h; p; p = p->next) ;
  h->next->next = 0;
  for (p = h; p; p = p->next) ;
  free(h->next);
  free(h);
  return 0;
}
"""


def test_a_cell_lost_in_a_long_run_is_reported_where_it_is_lost(tmp_path):
    """Leak checks are lazy (a check walks the store): the run is made again where one finds a lost
    cell, so the event is still the statement that lost it, not the check after it."""
    src = tmp_path / "cut_late.c"
    src.write_text(CUT_LATE)
    f = find(str(src), ["memsafety"], runs=1)["memsafety"]
    assert (f.kind, f.pos.line, f.pos.column) == ("valid-memtrack", 7, 3)
    assert f.witness[-1].action == "h->next->next = 0"


@pytest.mark.parametrize("name", ["sll_leak_overwrite.c", "dll_clear_leak.c", "sll_reverse_lost.c",
                                  "sll_list_of_lists_leak.c", "sll_exit_in_helper_returns_lost.c",
                                  "stack_frames_early_return_leak.c", "sll_create_destroy.c"])
def test_lazy_leak_checks_give_the_events_of_a_check_per_statement(name):
    search = ConcreteSearch.of_file(os.path.join(CORPUS, name))
    assert search is not None

    def outcomes(window):
        runs = [Machine(search.code, Chooser(random.Random(r), search.constants, 12), window=window).run()
                for r in range(40)]
        return [(o.end, o.steps, sorted(o.events.items())) for o in runs]
    lazy, every = deep_stack(lambda: (outcomes(None), outcomes((-1, Limits().steps))))
    assert lazy == every


def test_no_run_claims_what_needs_undefined_behaviour():
    assert find(data("overflow_only.c")) == {}


@pytest.mark.parametrize("name, kind, line", [
    ("free_then_next.c", "valid-deref", 18),     # not the cells free(l) lost
    ("lost_by_overwrite.c", "valid-memtrack", 9),  # reported at the next call, before the double free
    ("recursive_uaf.c", "valid-deref", 10),
])
def test_memsafety_names_the_first_reported_violation(name, kind, line):
    f = find(data(name), ["memsafety"])["memsafety"]
    assert (f.kind, f.pos.line) == (kind, line)
    assert f.witness[-1].pos.line == line


def test_a_leak_counts_at_the_next_checkpoint():
    lost = Event("valid-memtrack", None, "lost", step=3, order=9)
    deref = Event("valid-deref", None, "deref", step=5, order=5)
    assert violated("memsafety", Outcome({"valid-memtrack": lost, "valid-deref": deref})) is deref
    early = Event("valid-memtrack", None, "lost", step=3, order=4)
    assert violated("memsafety", Outcome({"valid-memtrack": early, "valid-deref": deref})) is early
    assert violated("memcleanup", Outcome({"valid-memtrack": early})) is None


def test_runs_are_deterministic():
    a, b = find(data("free_then_next.c")), find(data("free_then_next.c"))
    assert a == b
    a, b = [find(data("steered_tests.c"), ["unreach-call"], 100, 500) for _ in range(2)]
    assert a == b and a


def test_a_steered_choice_turns_one_test_the_way_no_run_took():
    """Of the choices made before a test, the latest equal to one side is set to the other side
    or its neighbour, whichever turns the test; a test already seen both ways is left alone."""
    run = Steered([1, 5, 5, 9], Chooser(random.Random(0), []))
    here, there = Pos("p.c", 3, 1), Pos("p.c", 4, 1)
    for _ in range(3):
        run(0, "an int")   # the type only tells an int from a malloc's failure (None)
    run.compared(here, "==", 5, 4)     # after the first three choices: 5 == 4 is false
    run(0, "an int")
    run.compared(there, "<", 9, 100)   # after all four: 9 < 100 is true
    seen = {(here, "==", False), (there, "<", True), (there, "<", False)}
    assert steered(run, seen) == [[1, 5, 4, 9], [1, 4, 5, 9]]   # only the test not seen both ways
    seen.discard((there, "<", False))
    assert [1, 5, 5, 100] in steered(run, seen) and [1, 5, 5, 101] in steered(run, seen)


def test_steered_runs_reach_what_random_runs_miss():
    """``reach_error()`` needs the head's data 4, 7, then in (1000, 1003), and a switch's case 9:
    3,000 random runs miss it; runs steered by the values each test compared reach it."""
    path = data("steered_tests.c")
    assert find(path, ["unreach-call"], 3000) == {}
    w = find(path, ["unreach-call"], 100, 2000)["unreach-call"].witness
    assert w[-1].action == "reach_error()" and w[-1].pos.line == 21
    head = re.search(r"head -> (c\d+)", w[-1].store).group(1)
    cells = dict(re.findall(r"(c\d+)\.next -> (c\d+)", w[-1].store))
    second = cells[head]
    data_of = dict(re.findall(r"(c\d+)\.data = (-?\d+)", w[-1].store))
    assert (data_of[head], data_of[second]) == ("4", "7") and int(data_of[cells[second]]) in (1001, 1002)


def manifest(name):
    out = {}
    with open(os.path.join(CORPUS, "manifest.txt")) as fh:
        for line in fh:
            cols = line.split()
            if len(cols) >= 3 and cols[0] == name:
                out[cols[1]] = cols[2]
    return out


@pytest.mark.parametrize("name", ["sll_list_of_lists.c", "sort_insertion.c", "dll_dancing_links.c",
                                  "tree_destroy_worklist.c", "sll_copy.c"])
def test_true_programs_of_the_corpus_get_no_false(name):
    path = os.path.join(CORPUS, name)
    if not os.path.exists(path):
        pytest.skip(f"{name} not in the corpus")
    expected = manifest(name)
    props = [p for p in PROPS if expected.get(p) == "true"]
    assert props and find(path, props, runs=300) == {}


def test_verify_says_false_with_the_run_as_witness(tmp_path):
    [f] = verify_files([data("unsigned_compare.c")], VerifyOptions(("unreach-call", "memsafety")), jobs=1)
    got = {p.name: p for p in f.properties}
    assert got["unreach-call"].verdict == "false"
    assert got["unreach-call"].witness[-1].action == "reach_error()"
    assert got["unreach-call"].findings[0].message.endswith("(a run of the C program)")
    assert got["memsafety"].verdict == "true"



@pytest.mark.parametrize("name", [
    "klist_free_link.c",               # free(&item->link), link not first: an invalid free
    "klist_head_as_entry.c",           # container_of of the list's head: a field outside the object
    "klist_queue_first_unchecked.c",   # the head taken for a job: its prio is never written
    "sll_remove_pp_uaf.c",             # pp = &t->next after free(t): the next read is the violation
    "sll_uninit_next.c",               # an uninitialised next is garbage, not NULL
])
def test_runs_find_the_corpus_violations(name):
    expected = manifest(name)
    false = {p: v for p, v in expected.items() if v.startswith("false")}
    found = find(os.path.join(CORPUS, name), PROPS, runs=300)
    assert {p: "false" + (f"({f.kind})" if p == "memsafety" else "") for p, f in found.items()} == false


@pytest.mark.parametrize("name", ["klist_foreach.c", "klist_container_of.c", "klist_first_member_cast.c",
                                  "klist_queue_head.c"])
def test_linux_lists_run_to_their_end(name):
    def go():
        search = ConcreteSearch.of_file(os.path.join(CORPUS, name))
        return [Machine(search.code, Chooser(random.Random(r), search.constants)).run() for r in range(30)]
    outs = deep_stack(go)
    assert {o.end for o in outs} == {"exit"} and not any(o.events for o in outs)


def corpus_programs():
    names = sorted({line.split()[0] for line in open(os.path.join(CORPUS, "manifest.txt"))
                    if line.strip() and not line.startswith("#")})
    return [n for n in names if os.path.exists(os.path.join(CORPUS, n))]


STEER = 60   # steered runs too: they run the C program as it is, only with chosen values


SHARDS = 4   # the corpus in parts, so that the test workers share it


@pytest.mark.parametrize("shard", range(SHARDS))
def test_no_run_of_the_corpus_contradicts_its_truth(shard):
    """Runs are an oracle for ``false`` only: on every corpus program, what they show violated is
    violated (and the violated subproperty of memsafety is the truth's), also runs steered to the
    tests' other outcomes."""
    wrong = []
    for name in corpus_programs()[shard::SHARDS]:
        truth = manifest(name)
        for prop, f in find(os.path.join(CORPUS, name), PROPS, runs=120, steer=STEER).items():
            got = "false" + (f"({f.kind})" if prop == "memsafety" else "")
            if not truth.get(prop, "").startswith("false") or prop == "memsafety" and got != truth[prop]:
                wrong.append((name, prop, got, truth.get(prop)))
    assert wrong == []


def test_compound_assignments_compute_in_cs_types():
    def go():
        search = ConcreteSearch.of_file(data("compound_types.c"))
        return Machine(search.code, Chooser(random.Random(0), search.constants)).run()
    out = deep_stack(go)
    assert (out.end, out.events) == ("exit", {})


def test_memset_memcpy_and_realloc_of_whole_elements():
    found = find(data("blocks.c"))
    assert set(found) == {"memsafety"}     # the copies hold: reach_error() is never called
    assert (found["memsafety"].kind, found["memsafety"].pos.line) == ("valid-deref", 23)


def test_designated_initialisers_place_each_value_where_c_says():
    """``{ .in.y = 7, .a = 3, .b[2] = 9 }``, ``{ .head = NULL, { 4, 5 }, ... }`` (a positional
    element after a designated one goes to the next), ``{ [2] = 7, [0] = 1, 2 }``: every run
    stopped at them before ("an implicit expression"); reach_error() is called exactly when
    every value is in its place, and only then."""
    found = find(data("designated_init.c"))
    assert set(found) == {"unreach-call"}
    assert found["unreach-call"].witness[-1].pos.line == 19
    assert find(data("designated_init_misplaced.c")) == {}


def test_an_initialiser_without_inner_braces_is_not_misread(tmp_path):
    """``{ 1, 2, 3 }`` for ``{ int a[2]; int n; }`` fills a first (n is 3): read element by element
    it gave n = 2 and a false reach_error() (probe w31); the run now stops there, unmodeled, and
    ``{ 0 }`` (every element 0) still zeroes any object."""
    src = ("extern void reach_error(void);\nstruct s { int a[2]; int n; };\n"
           "struct s g = INIT;\nint main(void) { if (g.n != N) reach_error(); return 0; }\n")
    path = tmp_path / "elided.c"
    path.write_text(src.replace("INIT", "{ 1, 2, 3 }").replace("N", "3"))
    assert find(str(path), runs=5) == {}
    path.write_text(src.replace("INIT", "{ 0 }").replace("N", "1"))
    assert set(find(str(path), runs=5)) == {"unreach-call"}
