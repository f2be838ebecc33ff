"""Counters tied to the cells they counted (tvla.cfront.tallies): ``cnt != len`` after a list
was built with ``len++`` and walked with ``cnt++`` is decided by the cells each counted, past
the few values a counter keeps; before, such checks were unknown (an alarm without a witness)."""

import os

import pytest
from conftest import ROOT, assert_embedded, corpus_verdicts

from tvla.cfront import ir
from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files, write_translation

COUNTED = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
int length(struct node *l)
{
    int n = 0;
    while (l) {
        struct node *q = l->next;
        n++;
        l = q;
    }
    return n;
}
int main(void)
{
    struct node *l = NULL, *n, *p;
    int len = 0, cnt = 0;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof *n);
        n->data = __VERIFIER_nondet_int();
        n->next = l;
        l = n;
        len++;
    }
    CHANGE
    for (p = l; p != NULL; p = p->next)
        cnt++;
    if (CHECK)
        reach_error();
    while (l) { n = l->next; free(l); l = n; }
    return 0;
}
"""

INSERT = "n = malloc(sizeof *n); n->next = l; l = n;"
REMOVE = "if (l && l->next) { n = l->next; l->next = n->next; free(n); LEN }"


def verdict(tmp_path, change: str, check: str) -> str:
    src = COUNTED.replace("CHANGE", change).replace("CHECK", check)
    [f] = verify_files([str(write(tmp_path, src))], VerifyOptions(("unreach-call",)))
    assert not f.unsupported
    return f.properties[0].verdict


def assert_runs_embed(tmp_path, src: str, prop: str, nodes: str, runs: str) -> None:
    """The translation of ``src`` for ``prop`` embeds the concrete runs of its stores of up to
    ``nodes`` nodes (and ``runs`` random runs)."""
    _tr, tvp, tvs = write_translation(lower_file(str(write(tmp_path, src))), (prop,), str(tmp_path))
    assert_embedded(tvp, tvs, "--nodes", nodes, "--runs", runs)


def write(tmp_path, src: str):
    path = tmp_path / "count.c"
    path.write_text(src)
    return path


@pytest.mark.parametrize("change, check, expected", [
    ("", "cnt != len", "true"),
    ("", "length(l) != len", "true"),                   # a counter returned by a function, copied
    ("", "cnt != length(l)", "true"),
    (INSERT, "cnt != len + 1", "true"),                 # one cell more than len counted
    (INSERT, "cnt != len", "false"),
    (INSERT, "len + 2 != cnt", "false"),
    (INSERT, "cnt - 1 != len", "true"),
    (INSERT, "len != cnt - 1", "true"),
    (INSERT, "cnt == len", "true"),                     # the == branch cut: reach_error() unreached
    (INSERT, "cnt == len + 1", "false"),
    (INSERT, "len == cnt - 1", "false"),
    (REMOVE.replace("LEN", "len--;"), "cnt != len", "true"),   # len-- takes back the freed cell
    (REMOVE.replace("LEN", ""), "cnt != len", "false"),
])
def test_a_count_check_is_decided_by_the_cells_counted(tmp_path, change, check, expected):
    assert verdict(tmp_path, change, check) == expected


def test_a_count_that_skips_cells_is_not_proved(tmp_path):
    """The walk stops before the last cell: cnt is len - 1 on every nonempty list."""
    src = COUNTED.replace("CHANGE", "").replace("CHECK", "cnt != len").replace(
        "for (p = l; p != NULL; p = p->next)", "for (p = l; p && p->next; p = p->next)")
    [f] = verify_files([str(write(tmp_path, src))], VerifyOptions(("unreach-call",)))
    assert f.properties[0].verdict == "false"


def test_a_narrow_counter_is_not_tallied(tmp_path):
    """An ``unsigned char`` count wraps around after 255 cells: it is no count of them."""
    src = COUNTED.replace("int len = 0, cnt = 0;", "unsigned char len = 0, cnt = 0;")
    prog = lower_file(str(write(tmp_path, src.replace("CHANGE", "").replace("CHECK", "cnt != len"))))
    assert not any(isinstance(e.stmt, ir.Tally) for e in prog.edges)


def test_a_counter_stepped_by_two_loses_its_tally(tmp_path):
    """``len += 2`` counts no cell: the tally is lost and the check is not proved (both counts are
    right only by accident: 2 per cell against 1)."""
    src = COUNTED.replace("len++;", "len += 2;").replace("CHANGE", "").replace("CHECK", "cnt * 2 != len")
    [f] = verify_files([str(write(tmp_path, src))], VerifyOptions(("unreach-call",)))
    assert f.properties[0].verdict != "true"


def test_the_lowering_filters_both_branches_and_tallies_each_step(tmp_path):
    """A TallyCond before each branch of the test; after each ``++`` a Tally whose first candidate
    is the variable the loop tests against NULL (p), or the cell malloc made (n)."""
    src = COUNTED.replace("CHANGE", "").replace("CHECK", "cnt != len")
    prog = lower_file(str(write(tmp_path, src)))
    conds = [e.stmt.cond for e in prog.edges if isinstance(e.stmt, ir.Assume) and isinstance(e.stmt.cond, ir.TallyCond)]
    assert {(c.left, c.right, c.offset, c.op) for c in conds} == {("cnt", "len", 0, "!="), ("cnt", "len", 0, "==")}
    tallies = {s.counter: s.vars[0] for s in (e.stmt for e in prog.edges) if isinstance(s, ir.Tally)}
    assert tallies["cnt"] == "p" and tallies["len"] in ("n", "l"), tallies


def test_a_program_without_counter_tests_gets_no_tally(tmp_path):
    src = COUNTED.replace("CHANGE", "").replace("CHECK", "cnt > 3")
    prog = lower_file(str(write(tmp_path, src)))
    assert not any(isinstance(e.stmt, ir.Tally) for e in prog.edges)


def test_concrete_runs_embed(tmp_path):
    """Every concrete run of the translation over stores of up to 4 cells embeds in the analysis."""
    src = COUNTED.replace("CHANGE", INSERT).replace("CHECK", "cnt != len + 1")
    assert_runs_embed(tmp_path, src, "unreach-call", "4", "0")


WALKED = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
int main(void)
{
    struct node *l = NULL, *n, *p;
    int len = 0, i = 0;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof *n);
        n->data = 1;
        n->next = l;
        l = n;
        len++;
    }
    p = l;
    while (TEST) {
        if (p->data != 1)
            reach_error();
        i++;
        p = p->next;
    }
    if (p != NULL)
        reach_error();
    while (l) { n = l->next; free(l); l = n; }
    return 0;
}
"""


@pytest.mark.parametrize("test, memsafety, unreach", [
    ("i < len", "true", "true"),
    ("len > i", "true", "true"),
    ("i <= len", "false", "true"),    # one step past the last cell: p is NULL
    ("i + 1 < len", "unknown", "false"),   # no filter (an order test with an offset): the walk stops early
])
def test_a_walk_of_len_steps_is_decided_by_the_cells_counted(tmp_path, test, memsafety, unreach):
    """``while (i < len) { ... i++; p = p->next; }``: i counted the cells p left behind, len all of
    them; i < len holds where some cell is left, p's (an order test of two tallies)."""
    [f] = verify_files([str(write(tmp_path, WALKED.replace("TEST", test)))],
                       VerifyOptions(("memsafety", "unreach-call")))
    assert [p.verdict for p in f.properties] == [memsafety, unreach], f.properties


def test_a_for_header_counts_the_cell_the_walk_left(tmp_path):
    """``for (i = 0; i < len; i++) { ...; p = p->next; }`` steps i after p moved: the pass keeps
    the cell p left in a temporary (``p_left``) for the Tally, so the count is the cells walked."""
    src = WALKED.replace("int len = 0, i = 0;", "int len = 0, i;").replace(
        "while (TEST) {", "for (i = 0; i < len; i++) {").replace("        i++;\n        p = p->next;", "        p = p->next;")
    prog = lower_file(str(write(tmp_path, src)))
    [tally] = [e.stmt for e in prog.edges if isinstance(e.stmt, ir.Tally) and e.stmt.counter == "i"]
    assert tally.vars[0] == "p_left"
    [f] = verify_files([str(tmp_path / "count.c")], VerifyOptions(("memsafety", "unreach-call")))
    assert [p.verdict for p in f.properties] == ["true", "true"], f.properties


@pytest.mark.parametrize("check", ["cnt != len % 20", "len % 20 < cnt", "cnt != (len & 15)"])
def test_an_expression_that_is_a_shift_only_on_small_values_is_not_filtered(tmp_path, check):
    """``len % 20`` equals len on the six values the counter keeps, but not past them: taking it
    for ``len + 0`` cut the branch C takes on a list of 20 cells (a wrong true).  Only a
    syntactic ``len + k`` is filtered."""
    src = COUNTED.replace("CHANGE", "").replace("CHECK", check)
    prog = lower_file(str(write(tmp_path, src)))
    assert not any(isinstance(e.stmt, ir.Assume) and isinstance(e.stmt.cond, ir.TallyCond) for e in prog.edges)
    [f] = verify_files([str(tmp_path / "count.c")], VerifyOptions(("unreach-call",), concrete=False))
    assert f.properties[0].verdict != "true"


@pytest.mark.parametrize("inits, check, expected", [
    ("int len = 1, cnt = 1;", "cnt != len", "true"),          # both count from a base of 1
    ("int len = 0, cnt = 1;", "cnt != len + 1", "true"),      # bases differ by the offset
    ("int len = 0, cnt = 1;", "cnt != len", "false"),
    ("int len = 2, cnt = 0;", "cnt + 2 != len", "true"),
])
def test_counters_counting_from_a_constant(tmp_path, inits, check, expected):
    """A counter set to one constant (0 to 3) counts from it: k is that base plus the cells it
    marked, and two counters' bases move the offset the marks are compared with."""
    src = COUNTED.replace("int len = 0, cnt = 0;", inits).replace("CHANGE", "").replace("CHECK", check)
    [f] = verify_files([str(write(tmp_path, src))], VerifyOptions(("unreach-call",)))
    assert f.properties[0].verdict == expected, f.properties


def test_an_order_test_between_different_bases_gets_no_tally(tmp_path):
    """``i = 1; ... i < len`` (len from 0) with i counted by a walk that makes and frees nothing:
    the marks compare as i - 1 < len, an order test with an offset, which no filter decides there;
    the tallies would only split cells (a bubble sort ran into the time limit), so neither counter
    is tallied."""
    src = COUNTED.replace("int len = 0, cnt = 0;", "int len = 0, cnt = 1;").replace("CHANGE", "").replace(
        "CHECK", "cnt < len")
    prog = lower_file(str(write(tmp_path, src)))
    assert not any(isinstance(e.stmt, ir.Tally) for e in prog.edges)


@pytest.mark.parametrize("name, expected", [
    ("sll2n_remove_all_one_left.c", ("true", None, None)),   # for (i = 1; i < len; i++) remove_first
    ("sll2n_remove_all_two_left.c", ("true", None, None)),   # from 2: two cells left
    ("sll2n_remove_all_from_one.c", ("true", "true", "true")),   # from 1 while i <= len
])
def test_an_order_test_with_an_offset_between_counters_of_cells_made_or_freed(name, expected):
    """A counter stepped once per cell freed (the removal loop's i, from 1 or 2) against the length
    a loop made: the marks decide ``i < len`` with the offset of their bases, so the removal never
    meets an empty list (the cells left are not known, only that there are some)."""
    props = tuple(p for p, e in zip(("memsafety", "memcleanup", "unreach-call"), expected) if e)
    verdicts = corpus_verdicts(name, props, concrete=False)
    assert [verdicts[p].verdict for p in props] == [e for e in expected if e]


def test_one_removal_too_many_counted_from_one_is_not_proved():
    verdict = corpus_verdicts("sll2n_remove_all_from_one_one_more.c", ("memsafety",), concrete=False)["memsafety"]
    assert verdict.verdict != "true", verdict.reason


QUEUE = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct cell { struct cell *next; struct cell *prev; };
int main(void)
{
    struct cell *head = NULL, *tail = NULL, *n;
    int size = BASE;
    while (__VERIFIER_nondet_int()) {
        if (__VERIFIER_nondet_int()) {
            n = malloc(sizeof *n);
            n->next = NULL;
            n->prev = tail;
            if (tail == NULL) head = n; else tail->next = n;
            tail = n;
            size++;
        } else if (head != NULL) {
            n = head;
            head = head->next;
            if (head == NULL) tail = NULL; else head->prev = NULL;
            free(n);
            DEQUEUE
        }
    }
    while (head != NULL) {
        n = head;
        head = head->next;
        free(n);
        DRAIN
    }
    if (CHECK)
        reach_error();
    return 0;
}
"""


def queue_verdict(tmp_path, check: str, dequeue: str = "size--;", drain: str = "size--;", base: str = "0",
                  concrete: bool = True) -> str:
    src = QUEUE.replace("BASE", base).replace("DEQUEUE", dequeue).replace("DRAIN", drain).replace("CHECK", check)
    [f] = verify_files([str(write(tmp_path, src))], VerifyOptions(("unreach-call",), concrete=concrete))
    assert not f.unsupported
    return f.properties[0].verdict


@pytest.mark.parametrize("check, base, expected", [
    ("size != 0", "0", "true"),          # every cell counted by size++ was taken back by a size--
    ("size >= 1", "0", "true"),
    ("size != 2", "2", "true"),          # counting from 2
    ("size <= 0", "0", "false"),         # the branch where it holds is the only one
    ("size != 1", "0", "false"),
])
def test_a_counter_back_at_its_start_is_decided_by_the_cells_counted(tmp_path, check, base, expected):
    """``size != 0`` after a queue was filled (size++ per cell) and drained (size-- per free): no
    cell is counted any more, so size is its base; before, size held "another value" and the test
    was an alarm whose witness passes abstracted steps (unknown)."""
    assert queue_verdict(tmp_path, check, base=base) == expected


@pytest.mark.parametrize("dequeue, drain", [("", "size--;"), ("size--;", "if (head) size--;")])
def test_a_counter_that_misses_a_cell_is_not_proved(tmp_path, dequeue, drain):
    """A dequeue that forgets ``size--``, a drain that skips the last one: size ends above 0,
    found by the analysis alone too."""
    assert queue_verdict(tmp_path, "size != 0", dequeue, drain) == "false"
    assert queue_verdict(tmp_path, "size != 0", dequeue, drain, concrete=False) != "true"


def test_a_counter_only_stepped_up_is_left_to_its_values(tmp_path):
    """A counter compared only with constants gets a tally only when it is stepped both ways:
    one only counted up stays with the values it keeps."""
    src = COUNTED.replace("CHANGE", "").replace("CHECK", "len != 0 && cnt > 3")
    prog = lower_file(str(write(tmp_path, src)))
    assert not any(isinstance(e.stmt, (ir.Tally)) for e in prog.edges)
    src = QUEUE.replace("BASE", "0").replace("DEQUEUE", "size--;").replace("DRAIN", "size--;").replace(
        "CHECK", "size != 0")
    conds = {(e.stmt.cond.left, e.stmt.cond.right, e.stmt.cond.offset, e.stmt.cond.op)
             for e in lower_file(str(write(tmp_path, src))).edges
             if isinstance(e.stmt, ir.Assume) and isinstance(e.stmt.cond, ir.TallyCond)}
    assert conds == {("size", None, 0, "!="), ("size", None, 0, "==")}


def test_a_drained_queue_embeds_its_concrete_runs(tmp_path):
    src = QUEUE.replace("BASE", "0").replace("DEQUEUE", "size--;").replace("DRAIN", "size--;").replace(
        "CHECK", "size != 0")
    assert_runs_embed(tmp_path, src, "unreach-call", "3", "0")


# a deque drained from either end, chosen at random: each branch frees a cell and moves its end on
DEQUE = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct cell { struct cell *next; struct cell *prev; };
int main(void)
{
    struct cell *head = NULL, *tail = NULL, *n;
    int len = 0;
    do {
        n = malloc(sizeof *n);
        n->next = NULL;
        n->prev = tail;
        if (tail) tail->next = n; else head = n;
        tail = n;
        len++;
    } while (__VERIFIER_nondet_int() && len < 30);
    while (head) {
        if (__VERIFIER_nondet_int()) {
            n = head->next;
            free(head);
            head = n;
            if (head) head->prev = NULL; else tail = NULL;
            HEAD
        } else {
            n = tail->prev;
            free(tail);
            tail = n;
            if (tail) tail->next = NULL; else head = NULL;
        }
        STEP
    }
    if (len != 0)
        reach_error();
    return 0;
}
"""


@pytest.mark.parametrize("head, step, expected", [
    ("", "len--;", "true"),
    ("len--;", "", "false"),   # only the cells freed from the head are taken back
])
def test_a_cell_freed_on_one_branch_is_taken_back_by_the_step_after_the_join(tmp_path, head, step, expected):
    """The cell freed at either end is kept for the ``len--`` after the branches join (before, it
    was dropped unreachable when its end moved on, and the tally with it: unknown at 30 cells,
    which the counter's values do not reach)."""
    src = DEQUE.replace("HEAD", head).replace("STEP", step)
    [f] = verify_files([str(write(tmp_path, src))], VerifyOptions(("unreach-call",), concrete=False))
    assert f.properties[0].verdict == expected


def test_a_deque_drained_from_both_ends_embeds_its_concrete_runs(tmp_path):
    src = DEQUE.replace("HEAD", "").replace("STEP", "len--;").replace("len < 30", "len < 4")
    assert_runs_embed(tmp_path, src, "unreach-call", "4", "0")


FREED_BY_COUNT = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; };
int main(void)
{
    struct node *head = NULL;
    unsigned len = 0, i;
    while (__VERIFIER_nondet_int()) {
        struct node *x = malloc(sizeof *x);
        x->next = head;
        head = x;
        len++;
    }
    for (i = 0; TEST; i++) {
        struct node *t = head->next;
        free(head);
        head = t;
    }
    AFTER
    return 0;
}
"""


def freed_by_count(tmp_path, test: str, after: str = "", concrete: bool = True) -> dict:
    src = FREED_BY_COUNT.replace("TEST", test).replace("AFTER", after)
    [f] = verify_files([str(write(tmp_path, src))], VerifyOptions(("memsafety", "memcleanup", "unreach-call"),
                                                                   concrete=concrete))
    assert not f.unsupported
    return {p.name: p.verdict + (f" ({p.violated})" if p.violated else "") for p in f.properties}


@pytest.mark.parametrize("concrete", [True, False])
def test_cells_freed_as_they_are_counted_keep_the_count(tmp_path, concrete):
    """``for (i = 0; i < len; i++)`` frees the cells len counted: i counts each before the walk
    leaves it (``t = head->next; free(head); head = t``), and the freed cell, counted by both, is
    dropped without losing either count; before, the last ``head->next`` was an alarm."""
    assert freed_by_count(tmp_path, "i < len", concrete=concrete) == {
        "memsafety": "true", "memcleanup": "true", "unreach-call": "true"}


def test_one_step_too_many_is_found(tmp_path):
    got = freed_by_count(tmp_path, "i <= len")
    assert got["memsafety"] == "false (valid-deref)"
    assert freed_by_count(tmp_path, "i <= len", concrete=False)["memsafety"] != "true"


def test_cells_dropped_by_both_counts_leave_no_constant_test_decided(tmp_path):
    """After cells counted by i and len were dropped, ``len`` is no longer its marks: a test of it
    against a constant is not decided by them (len != 0 holds here on every nonempty list)."""
    got = freed_by_count(tmp_path, "i < len", "if (len != 0) reach_error();")
    assert got["unreach-call"] == "false (unreach-call)"


def test_counted_frees_embed_their_concrete_runs(tmp_path):
    src = FREED_BY_COUNT.replace("TEST", "i < len").replace("AFTER", "")
    assert_runs_embed(tmp_path, src, "memsafety", "3", "0")


BOUNDED = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; };
int main(void)
{
    struct node *h = NULL, *p, *t;
    int n = 0, i = 0;
    while (__VERIFIER_nondet_int()) { p = malloc(sizeof *p); p->next = h; h = p; n++; }
    if (__VERIFIER_nondet_int()) i = SKIP;
    p = h;
    for (int j = 0; j < BOUND; j++) {
        t = p->next;
        t = t->next == p ? NULL : t;
        p = p->next;
    }
    while (h) { p = h->next; free(h); h = p; }
    return 0;
}
"""


@pytest.mark.parametrize("skip, bound, concrete, expected", [
    ("2", "n - 1 - i", False, "true"),
    ("2", "n - i", True, "false"),       # at j = n - 1, t is NULL
    # i may be negative: j < n - 1 is not implied, and the test of j against n - 1 - i, value by
    # value of n and i (the analysis' own witness, no run of C: concrete False), finds n = 0, i = -2
    ("-2", "n - 1 - i", False, "false"),
])
def test_a_bound_with_more_terms_implies_a_test_the_tallies_decide(tmp_path, skip, bound, concrete, expected):
    """``j < n - 1 - i`` (a bubble sort's inner loop; i never negative) is abstracted, but where it
    holds so does ``j < n - 1``, which the cells n and j counted decide: ``t->next`` is valid (it
    was unknown)."""
    src = BOUNDED.replace("SKIP", skip).replace("BOUND", bound)
    [f] = verify_files([str(write(tmp_path, src))], VerifyOptions(("memsafety",), concrete=concrete))
    assert f.properties[0].verdict == expected, f.properties


def test_a_bound_embeds_its_concrete_runs(tmp_path):
    src = BOUNDED.replace("SKIP", "2").replace("BOUND", "n - 1 - i")
    assert_runs_embed(tmp_path, src, "memsafety", "4", "0")


def test_a_count_after_a_free_counts_the_cell_freed(tmp_path):
    """``free(c); free(t); freed++;`` in a loop that tests another variable (a worklist ``s`` of
    stack cells, ``t`` a tree node one of them held): the Tally counts the cell just freed, ``t``,
    before the loop's candidates (``s`` first counted a stack cell, and ``freed != made`` against
    the tree's nodes was unknown: tree_stack_destroy_counted.c)."""
    with open(os.path.join(ROOT, "programs", "c", "tree_stack_destroy_counted.c")) as fh:
        src = fh.read()
    prog = lower_file(str(write(tmp_path, src)))
    [tally] = [e.stmt for e in prog.edges if isinstance(e.stmt, ir.Tally) and e.stmt.counter == "freed"]
    [first] = [p for p in prog.pointers if p.name == tally.vars[0]]
    assert first.struct == "tree" and any(isinstance(e.stmt, ir.Free) and e.stmt.var == first.name for e in prog.edges)


HEAD_FIRST = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; };
int main(void)
{
    struct node *h = NULL, *n;
    int len = 0, cnt = 0;
    while (__VERIFIER_nondet_int()) { n = malloc(sizeof *n); n->next = h; h = n; len++; }
    if (h != NULL) {
        cnt = 1;
        for (n = h->next; n != NULL; n = n->next)
            cnt++;
    }
    if (CHECK) reach_error();
    while (h != NULL) { n = h; h = h->next; free(n); }
    return 0;
}
"""


@pytest.mark.parametrize("check, expected", [("cnt != len", "true"), ("cnt != len + 1", "false"),
                                             ("cnt == 0 && len > 0", "true")])
def test_a_count_from_the_cell_after_the_head(tmp_path, check, expected):
    """``cnt = 1`` for the head cell, ``cnt = 0`` without one: cnt had two bases and no tally (the
    check was unknown); ``cnt = 1`` is now ``cnt = 0; cnt++``, whose step marks the head cell."""
    src = HEAD_FIRST.replace("CHECK", check)
    [f] = verify_files([str(write(tmp_path, src))], VerifyOptions(("unreach-call",)))
    assert f.properties[0].verdict == expected, f.properties


def test_a_count_from_the_cell_after_the_head_embeds_its_concrete_runs(tmp_path):
    assert_runs_embed(tmp_path, HEAD_FIRST.replace("CHECK", "cnt != len"), "unreach-call", "2", "20")


OUT_COUNT = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef struct node { struct node *next; } Node;
Node *build(int *len) {
    Node *h = NULL;
    *len = 0;
    while (__VERIFIER_nondet_int()) {
        Node *n = malloc(sizeof *n);
        n->next = h;
        h = n;
        STEP;
    }
    return h;
}
int main(void) {
    int len;
    Node *h = build(&len);
    int c = 0;
    while (h) { Node *p = h->next; free(h); h = p; c++; }
    if (CHECK) reach_error();
    return 0;
}
"""


@pytest.mark.parametrize("step, check, expected", [
    ("(*len)++", "c != len", "true"), ("++*len", "c != len", "true"), ("*len += 1", "c != len", "true"),
    ("*len = *len + 1", "c != len", "true"), ("*len = 1 + *len", "c != len", "true"),
    ("(*len)++", "c != len + 1", "false")])
def test_a_length_counted_through_an_out_parameter_is_tallied(tmp_path, step, check, expected):
    """``(*len)++`` of an ``int *`` parameter bound to ``&len`` is a step of len, so len is a
    counter tallied with the cells (the step was untracked: len abstracted, the check unknown)."""
    src = OUT_COUNT.replace("STEP", step).replace("CHECK", check)
    [f] = verify_files([str(write(tmp_path, src))], VerifyOptions(("unreach-call",)))
    assert f.properties[0].verdict == expected


def test_concrete_runs_embed_through_a_step_through_an_out_parameter(tmp_path):
    src = OUT_COUNT.replace("STEP", "(*len)++").replace("CHECK", "c != len")
    assert_runs_embed(tmp_path, src, "unreach-call", "4", "20")


ROTATED = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct item { struct item *next; };
int main(void)
{
    struct item *first = NULL, *it;
    int size = 0;
    do {
        it = malloc(sizeof(struct item));
        it->next = first;
        first = it;
        size++;
    } while (__VERIFIER_nondet_int());
    while (__VERIFIER_nondet_int()) {
        it = first;
        first = it->next;
        free(it);
        POP
        it = malloc(sizeof(struct item));
        it->next = first;
        first = it;
        size++;
    }
    while (first) {
        it = first;
        first = it->next;
        free(it);
        size--;
    }
    if (size != 0)
        reach_error();
    return 0;
}
"""


@pytest.mark.parametrize("pop, expected", [("size--;", "true"), ("", "false")])
def test_a_loop_that_pops_then_pushes_counts_the_cell_it_makes(tmp_path, pop, expected):
    """``it`` walks (``it = first`` after ``first = it->next``) but is then given a new cell: the
    step after the malloc counts that cell, not the one the walk left (freed and taken back just
    before; counting it again left the new cell out, and the drain's test was unknown)."""
    [f] = verify_files([str(write(tmp_path, ROTATED.replace("POP", pop)))], VerifyOptions(("unreach-call",)))
    assert f.properties[0].verdict == expected, f.properties[0].reason


def test_a_loop_that_pops_then_pushes_embeds_its_concrete_runs(tmp_path):
    src = ROTATED.replace("POP", "size--;")
    assert_runs_embed(tmp_path, src, "unreach-call", "3", "0")


@pytest.mark.parametrize("name, expected", [("sll_len_countdown_walk.c", "true"),
                                            ("sll_len_countdown_walk_past_end.c", "false")])
def test_a_copy_of_a_count_stepped_down_walks_the_cells_it_counted(name, expected):
    """``for (i = len; i > 0; i--) p = p->next;``: i is a copy of len's tally, and each step down
    takes back the cell the walk left, so i > 0 holds exactly while p has a cell (before, a copy
    only stepped down was no tally: unknown); without concrete runs."""
    verdict = corpus_verdicts(name, ("memsafety",), concrete=False)["memsafety"]
    assert verdict.verdict == expected, verdict.reason


def test_a_count_stepped_down_embeds_the_concrete_runs(tmp_path):
    with open(os.path.join(ROOT, "programs", "c", "sll_len_countdown_walk.c")) as fh:
        assert_runs_embed(tmp_path, fh.read(), "memsafety", "3", "20")


DRAINED = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; };
int main(void) {
    struct node *h = NULL;
    int n = 0;
    while (__VERIFIER_nondet_int()) { struct node *p = malloc(sizeof *p); p->next = h; h = p; n++; }
    while (TEST) { struct node *t = h->next; free(h); h = t; }
    return 0;
}
"""


@pytest.mark.parametrize("test, expected", [
    ("n--", ("true", "true")),
    ("n-- > 0", ("true", "true")),
    ("n-- != 0", ("true", "true")),
    ("n-- >= 0", ("false", "true")),   # one pop too many: h is NULL
    ("n-- > 1", ("true", "false")),    # the last cell stays
])
def test_a_post_step_in_a_loop_test_tests_the_old_value_before_the_step(tmp_path, test, expected):
    """``while (n--)`` pops as many cells as ``n`` counted: the old value is tested against 0, then
    stepped on either way (it was stepped first and tested against -1, which the tally of n's cells
    did not follow: an alarm without a witness)."""
    [f] = verify_files([str(write(tmp_path, DRAINED.replace("TEST", test)))], VerifyOptions(("memsafety", "memcleanup")))
    assert tuple(p.verdict for p in f.properties) == expected


def test_a_post_step_in_a_loop_test_embeds_its_concrete_runs(tmp_path):
    assert_runs_embed(tmp_path, DRAINED.replace("TEST", "n--"), "memsafety", "4", "0")


# a list counted in a field of its header, a struct on the stack or a cell on the heap: the drain
# frees l.first (loaded into a temporary of the lowering) before it moves l.first on and steps down
HEADER = """#include <stdlib.h>
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
typedef struct node { struct node *next; } Node;
struct list { Node *first; int count; };
int main(void) {
  DECLARE
  while (__VERIFIER_nondet_int()) {
    Node *n = malloc(sizeof(Node));
    n->next = L first; L first = n;
    L count++;
  }
  while (L first) { Node *t = L first->next; free(L first); L first = t; DRAIN }
  assert(L count == 0);
  FREE
  return 0;
}
"""
ON_STACK = {"DECLARE": "struct list l = { NULL, 0 };", "L ": "l.", "FREE": ""}
ON_HEAP = {"DECLARE": "struct list *l = malloc(sizeof *l); l->first = NULL; l->count = 0;", "L ": "l->",
           "FREE": "free(l);"}


def header_list(where: dict, drain: str) -> str:
    src = HEADER.replace("DRAIN", drain)
    for k, v in where.items():
        src = src.replace(k, v)
    return src


@pytest.mark.parametrize("where", [ON_STACK, ON_HEAP], ids=["stack", "heap"])
@pytest.mark.parametrize("drain, expected", [("L count--;", "true"), ("", "false"),
                                             ("L count--; if (L first) L count--;", "false")])
def test_a_count_in_a_header_field_takes_back_the_cell_freed_through_it(tmp_path, where, drain, expected):
    # the freed cell was held by a temporary only, which dies at the free: a copy of it made before
    # the free is the step's candidate (the tally was lost: unknown)
    src = header_list(where, drain.replace("L ", where["L "]))
    [f] = verify_files([str(write(tmp_path, src))], VerifyOptions(("unreach-call",)))
    assert f.properties[0].verdict == expected, f.properties[0].reason


def test_a_header_counted_list_embeds_its_concrete_runs(tmp_path):
    assert_runs_embed(tmp_path, header_list(ON_HEAP, "l->count--;"), "unreach-call", "3", "0")


FILTERED = os.path.join(ROOT, "programs", "c", "sll_remove_by_data_counted.c")   # free(p); len--; then p = n


@pytest.mark.parametrize("name, expected", [("sll_remove_by_data_counted.c", "true"),
                                            ("sll_remove_by_data_counted_not_down.c", "false")])
def test_a_step_down_right_after_a_free_takes_back_the_cell_freed(name, expected):
    """``free(p); len--;`` in a walk that moves on after it (``p = n``): the step takes back ``p``'s
    cell.  The cell the walker left behind came first: in the next turn the one before ``p``,
    still in the list, so the freed cell kept its mark and, dropped, lost the tally (unknown)."""
    [f] = verify_files([os.path.join(ROOT, "programs", "c", name)], VerifyOptions(("unreach-call",)))
    assert f.properties[0].verdict == expected, f.properties[0].reason


def test_a_step_down_right_after_a_free_embeds_its_concrete_runs(tmp_path):
    with open(FILTERED) as src:
        assert_runs_embed(tmp_path, src.read(), "unreach-call", "3", "0")


SHIFTED = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef struct node { struct node *next; } *List;
int main(void)
{
  List a = malloc(sizeof(struct node));
  List p = a, t;
  int n = 1;
  while (__VERIFIER_nondet_int()) {
    t = malloc(sizeof(struct node));
    p->next = t;
    p = t;
    n++;
  }
  p->next = NULL;
  int cnt = 0;
  for (p = a; p->next != NULL; p = p->next)
    cnt++;
  if (CHECK)
    reach_error();
  while (a != NULL) { t = a->next; free(a); a = t; }
  return 0;
}
"""


@pytest.mark.parametrize("check, expected", [("cnt != n - 1", "true"), ("cnt == n - 1", "false"),
                                             ("cnt != n", "false")])
def test_counts_that_each_marked_one_cell_the_other_did_not(tmp_path, check, expected):
    """``n`` marks the cells after the first, ``cnt`` those before the last: each marked one cell
    the other did not, so ``cnt == n - 1`` (the filter decided a difference only where one side
    marked nothing the other did not: unknown)."""
    [f] = verify_files([str(write(tmp_path, SHIFTED.replace("CHECK", check)))], VerifyOptions(("unreach-call",)))
    assert f.properties[0].verdict == expected, f.properties[0].reason


def test_counts_that_each_marked_one_cell_the_other_did_not_embed_their_concrete_runs(tmp_path):
    assert_runs_embed(tmp_path, SHIFTED.replace("CHECK", "cnt != n - 1"), "unreach-call", "4", "0")
