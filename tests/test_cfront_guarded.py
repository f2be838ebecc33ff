"""A nondet value guarded by the very next statement (``__VERIFIER_assume(2 <= n && n <= 5)``, ``if (n <
2 || n > 5) abort();``, ``if (n < 2 || n > 5) n = 3;``, in a function whose local n is, ``if (n < 2 || n > 5)
return 2;``) holds a small run of values: it is a flag over
them (with ``abort`` or a clamp, one more value that the guard sends away stands for all the others).  A counter compared with an expression of
such a flag (``count != 1 + len``) is tested value by value (ExprLowering.paired_cond)."""

import pytest
from conftest import assert_c_embeds, assert_embedded, c_verdicts

from tvla.cfront.intvars import classify_ints
from tvla.cfront.lower import lower_file
from tvla.cfront.parse import parse_file
from tvla.cli.verify import write_translation

HEAD = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
"""

COUNT = HEAD + """typedef struct node { struct node *next; } *SLL;
int pick(int from, int until) {
    int v = __VERIFIER_nondet_int();
    GUARD
    return v;
}
int main(void) {
    const int len = pick(2, 5);
    SLL s = NULL;
    for (int i = len; i > 0; i--) { SLL n = malloc(sizeof *n); n->next = s; s = n; }
    SLL t = malloc(sizeof *t);
    t->next = s; s = t;
    int count = 0;
    for (SLL p = s; p; p = p->next) count++;
    if (CHECK) reach_error();
    while (s) { t = s->next; free(s); s = t; }
    return 0;
}
"""

ABORT = "if (v < from || v > until) abort();"
ASSUME = "__VERIFIER_assume(v >= from && v <= until);"


def values_of(tmp_path, src, name):
    path = tmp_path / "t.c"
    path.write_text(src)
    tu = parse_file(str(path))
    offset = src.index(f"int {name} =") + 4   # the name after "int "
    [cls] = [c for k, c in classify_ints(tu).items() if k[0] == str(path) and k[1] == offset]
    return cls.kind, cls.values


@pytest.mark.parametrize("guard, expected", [
    (ASSUME, ("flag", (2, 3, 4, 5))),
    (ABORT, ("flag", (2, 3, 4, 5, 6))),                      # 6 stands for every value aborted
    ("if (!(v >= from) || until < v) { abort(); }", ("flag", (2, 3, 4, 5, 6))),
    ("if (v > until) abort();", ("register", ())),           # no bound below: any value
    ("if (v < from || v > until) v = 3;", ("flag", (2, 3, 4, 5, 6))),   # a clamp: 6 stands for every value made 3
    ("if (v < from || v > until) { v = 4; }", ("flag", (2, 3, 4, 5, 6))),
    # a parameter its function never writes is one value in each call, as a constant is
    ("if (v < from || v > until) v = until;", ("flag", (2, 3, 4, 5, 6))),
    ("if (v < from || v > until) v = from;", ("flag", (2, 3, 4, 5, 6))),
    ("if (v < from || v > until) v = until; until = 0;", ("abstract", ())),   # a parameter written: no flag
    ("count(); " + ABORT, ("register", ())),                 # not the next statement
    # more values than a flag keeps: a counter over the first ones and another value above them
    ("__VERIFIER_assume(v >= from && v <= until + 20);", ("counter", (2, 3, 4, 5, 6, 7))),
    ("if (v < from) abort();", ("counter", (1, 2, 3, 4, 5, 6, 7))),   # no bound above; 1 stands for those aborted
    ("__VERIFIER_assume(v >= from && v != 9 && v <= until + 20);", ("register", ())),   # not one run
    # a return that does not read v leaves it, as abort() does: 6 stands for every value returned from
    ("if (v < from || v > until) return from;", ("flag", (2, 3, 4, 5, 6))),
    ("if (v < from || v > until) { return 0; }", ("flag", (2, 3, 4, 5, 6))),
    ("if (v < from || v > until) return v + 1;", ("register", ())),   # it reads v
])
def test_a_guarded_nondet_value_is_a_flag_over_the_values_it_keeps(tmp_path, guard, expected):
    src = COUNT.replace("GUARD", guard).replace("CHECK", "count != 1 + len").replace(
        "int pick", "void count(void) {}\nint pick")
    assert values_of(tmp_path, src, "v") == expected


@pytest.mark.parametrize("guard, check, expected", [
    (ABORT, "count != 1 + len", ("true", "true", "true")),
    (ASSUME, "count != len + 1", ("true", "true", "true")),
    (ASSUME, "len + 1 < count", ("true", "true", "true")),
    (ABORT, "count != len", ("true", "false", "false")),
    ("if (v < from || v > until) v = 3;", "count != 1 + len", ("true", "true", "true")),
    ("if (v < from || v > until) v = 3;", "count != len", ("true", "false", "false")),
    (ASSUME, "count == len + 1 && len == 4", ("true", "false", "false")),
    ("if (v < from || v > until) return from;", "count != 1 + len", ("true", "true", "true")),
    ("if (v < from || v > until) return from;", "count != len", ("true", "false", "false")),
    ("if (v < from || v > until) v = from;", "count != 1 + len", ("true", "true", "true")),
    ("if (v < from || v > until) v = from;", "count != len", ("true", "false", "false")),
])
def test_a_count_checked_against_a_guarded_length(tmp_path, guard, check, expected):
    assert c_verdicts(tmp_path, COUNT.replace("GUARD", guard).replace("CHECK", check)) == expected


@pytest.mark.parametrize("decl, guard, expected", [
    ("unsigned int v = __VERIFIER_nondet_uint();", "__VERIFIER_assume(v < 4);", ("flag", (0, 1, 2, 3))),
    ("unsigned int v = __VERIFIER_nondet_uint();", "if (v >= 3) abort();", ("flag", (0, 1, 2, 4))),   # 4: every value aborted
    # unbounded below: no run of values; v stays a flag over the regions its tests cut (1 stands for
    # every value below 2, 5 for every value above 4)
    ("int v = __VERIFIER_nondet_int();", "__VERIFIER_assume(v < 4);", ("flag", (1, 2, 3, 4, 5))),
])
def test_a_guard_bounded_by_the_type_of_its_variable(tmp_path, decl, guard, expected):
    src = HEAD + "extern unsigned int __VERIFIER_nondet_uint(void);\nint main(void) {\n    " + decl + "\n    " + \
        guard + "\n    if (v == 2) reach_error();\n    return 0;\n}\n"
    assert values_of(tmp_path, src, "v") == expected


def test_a_counter_compared_in_its_unsigned_type(tmp_path):
    """``count > len - 10`` with an unsigned count compares in unsigned: ``len - 10`` is a huge value
    there, so the test never holds (as an int comparison it always would)."""
    src = HEAD + """int main(void) {
    int len = 0;
    while (len < 3 && __VERIFIER_nondet_int()) len++;
    unsigned int count = 0;
    while (count < 2 && __VERIFIER_nondet_int()) count++;
    if (count > len - 10) reach_error();
    if (count < len - 10) return 0;
    reach_error();
    return 0;
}
"""
    assert c_verdicts(tmp_path, src) == ("true", "true", "true")


@pytest.mark.parametrize("pre, cond", [("int m = -1; unsigned int one = 1;", "m < one"),
                                       ("int m = -1;", "m < 1u"),
                                       ("int m = -1;", "m < sizeof(int)"),
                                       ("int m = -1; unsigned int one = 1; int b = (m < one);", "b"),
                                       # a flag's expression: a table of its values (intvars.mapped_of)
                                       ("int m = -1; if (__VERIFIER_nondet_int()) m = -2; int b = (m < 1u) + 1;",
                                        "b == 2")])
def test_a_constant_compared_in_an_unsigned_type_is_converted(tmp_path, pre, cond):
    """-1 < 1u is false in C (-1 becomes 4294967295): the cells are never freed.  The constants
    were compared as ints (true), and memcleanup was proved without concrete runs."""
    src = HEAD + "struct node { struct node *next; };\nint main(void) {\n    struct node *l = NULL;\n" \
        "    while (__VERIFIER_nondet_int()) { struct node *x = malloc(sizeof *x); x->next = l; l = x; }\n" \
        f"    {pre}\n    while (l) {{ struct node *t = l->next; if ({cond}) free(l); l = t; }}\n    return 0;\n}}\n"
    assert c_verdicts(tmp_path, src, ("memcleanup",), concrete=False) == ("false",)


MIXED = HEAD + """struct node { struct node *next; int d; };
int main(void) {
    struct node *l = NULL, *n;
    unsigned int len = 0;
    while (__VERIFIER_nondet_int()) { n = malloc(sizeof *n); n->next = l; l = n; len++; }
    n = l;
    for (int i = START; i < len; i++) { n->d = 1; n = n->next; }
    if (n != NULL) reach_error();
    while (l) { n = l->next; free(l); l = n; }
    return 0;
}
"""


@pytest.mark.parametrize("start, expected", [("0", "true"), ("-1", "unknown")])
def test_an_int_counter_never_negative_is_compared_with_an_unsigned_as_it_is(tmp_path, start, expected):
    """``int i < unsigned len``: from 0 and stepped up, i keeps its value as an unsigned, so the
    test is exact and the walk is proved (it was abstracted: unknown); from -1 (4294967295 as an
    unsigned: the loop never runs) it stays abstracted."""
    assert c_verdicts(tmp_path, MIXED.replace("START", start), ("unreach-call",), concrete=False) == (expected,)


@pytest.mark.parametrize("decl, guard, expected", [
    # assumptions in a row guard together
    ("int v = __VERIFIER_nondet_int();", "__VERIFIER_assume(v > 0); __VERIFIER_assume(v < 3);", ("flag", (1, 2))),
    # a nondet value of a narrower type: only its values (0 to 255) may be given
    ("int v = __VERIFIER_nondet_uchar();", "__VERIFIER_assume(v < 3);", ("flag", (0, 1, 2))),
    # in main, a return ends the program as exit does
    ("int v = __VERIFIER_nondet_int();", "if (v < 1 || v > 4) return 0;", ("flag", (1, 2, 3, 4, 5))),
    ("int v = __VERIFIER_nondet_int();", "if (v < 1 || v > 4) return v;", ("symbolic", ())),   # not all alike
    # clamps in a row: one value stands for those each clamp is the first to change (0 and 5)
    ("int v = __VERIFIER_nondet_int();", "if (v < 1) v = 1; if (v > 4) v = 4;", ("flag", (0, 1, 2, 3, 4, 5))),
    ("int v = __VERIFIER_nondet_int();", "if (v < 1) abort(); if (v > 4) { v = 1; }", ("flag", (0, 1, 2, 3, 4, 5))),
    # a clamp to a const variable given a constant
    ("const int lo = 1; int v = __VERIFIER_nondet_int();", "if (v < lo) v = lo; if (v > 4) v = lo;",
     ("flag", (0, 1, 2, 3, 4, 5))),
    # not a const variable: a register (v is given lo)
    ("int lo = 1; int v = __VERIFIER_nondet_int();", "if (v < lo) v = lo; if (v > 4) v = lo;", ("register", ())),
    # past another nondet value; a test that also reads it keeps the values where v's own operands fail
    ("int v = __VERIFIER_nondet_int(); int u = __VERIFIER_nondet_int();", "if (v < 1 || u < 0 || v > 4) abort();",
     ("flag", (1, 2, 3, 4, 5))),
    ("int v = __VERIFIER_nondet_int(); int u = __VERIFIER_nondet_int();", "if (v < 1 && u < 0 || v > 4) abort();",
     ("symbolic", ())),   # v < 1 only with u < 0: no bound below
    # past declarations of constants (list-ext's `const int data = 1;` between the value and its test)
    ("int v = __VERIFIER_nondet_int(); const int data = 2; int *p = 0;", "if (v < 0 || v > 4) v = 0;",
     ("flag", (0, 1, 2, 3, 4, 5))),
    ("int v = __VERIFIER_nondet_int(); int data = v;", "if (v < 0 || v > 4) v = 0;", ("register", ())),   # reads v
    # a block that cleans up before it leaves, without reading v: every value it sends away goes alike
    ("int *q = malloc(4); int v = __VERIFIER_nondet_int();", "if (v < 1 || v > 4) { free(q); return 0; }",
     ("flag", (1, 2, 3, 4, 5))),
    ("int *q = malloc(4); int v = __VERIFIER_nondet_int();", "if (v < 1 || v > 4) { free(q); q = 0; abort(); }",
     ("flag", (1, 2, 3, 4, 5))),
    ("int *q = malloc(4); int v = __VERIFIER_nondet_int();", "if (v < 1 || v > 4) { q[0] = v; return 0; }",
     ("symbolic", ())),   # reads v
    ("int *q = malloc(4); int v = __VERIFIER_nondet_int();", "if (v < 1 || v > 4) { free(q); q = 0; }",
     ("symbolic", ())),   # does not leave
])
def test_guards_in_a_row_and_values_of_a_narrower_type(tmp_path, decl, guard, expected):
    src = HEAD + "extern unsigned char __VERIFIER_nondet_uchar(void);\nint main(void) {\n    " + decl + "\n    " + \
        guard + "\n    if (v == 2) reach_error();\n    int w = v;\n    return w;\n}\n"
    assert values_of(tmp_path, src, "v") == expected


CLAMPED = HEAD + """typedef struct node { struct node *next; } *SLL;
SLL create(int len) {
    SLL head = NULL;
    for (; len > 0; len--) { SLL n = malloc(sizeof *n); n->next = head; head = n; }
    return head;
}
int length(SLL head) {
    int len = 0;
    while (head) { len++; head = head->next; }
    return len;
}
int main(void) {
    const int min = 2;
    int len = __VERIFIER_nondet_int();
    if (len < min) { len = min; }
    if (len > 5) { len = min; }
    SLL s = create(len);
    if (CHECK) reach_error();
    while (s) { SLL t = s->next; free(s); s = t; }
    return 0;
}
"""


@pytest.mark.parametrize("check, expected", [("len != length(s)", ("true", "true", "true")),
                                             ("len + 1 != length(s)", ("true", "false", "false"))])
def test_a_length_clamped_by_ifs_in_a_row_is_counted_down(tmp_path, check, expected):
    """A length clamped into 2..5 by two ifs (to a const variable) is a flag: the list a loop
    counting it down makes has that length (it was abstracted: unknown)."""
    assert c_verdicts(tmp_path, CLAMPED.replace("CHECK", check), concrete=expected[1] == "false") == expected


POSTDEC = HEAD + """extern unsigned int __VERIFIER_nondet_uint(void);
typedef struct node { struct node *next; } *SLL;
int main(void) {
    TYPE len = NONDET();
    if (len < 1 || len > 5) return 0;
    SLL head = NULL;
    for (TYPE i = len; i-- > 0; ) { SLL n = malloc(sizeof *n); n->next = head; head = n; }
    if (len == 1) { free(head); head = NULL; }
    else { SLL p = head; for (TYPE j = 0; j < len - 2; j++) p = p->next; free(p->next); p->next = NULL; }
    while (head) { SLL t = head->next; free(head); head = t; }
    if (i_CHECK) reach_error();
    return 0;
}
"""


@pytest.mark.parametrize("typ, nondet", [("int", "__VERIFIER_nondet_int"), ("unsigned int", "__VERIFIER_nondet_uint")])
@pytest.mark.parametrize("check, expected", [("0", ("true", "true", "true")), ("len > 2", ("true", "true", "false"))])
def test_a_loop_counted_down_by_a_step_in_its_test(tmp_path, typ, nondet, check, expected):
    """``for (i = len; i-- > 0; )`` builds len cells: i is compared with 0 in its test (its class
    reaches 0 and past it), and an unsigned i's old value is tested before the step, which wraps
    (both were abstracted: the list the last if cuts one cell short of was unknown)."""
    src = POSTDEC.replace("TYPE", typ).replace("NONDET", nondet).replace("i_CHECK", check)
    assert c_verdicts(tmp_path, src, concrete=expected[2] == "false") == expected


def test_concrete_runs_embed_through_a_step_in_a_test(tmp_path):
    """Every concrete run of the unsigned ``i-- > 0`` loop (its old value tested, then the step
    that wraps past 0) embeds."""
    path = tmp_path / "p.c"
    path.write_text(POSTDEC.replace("TYPE", "unsigned int").replace("NONDET", "__VERIFIER_nondet_uint")
                    .replace("i_CHECK", "len > 2"))
    _tr, tvp, tvs = write_translation(lower_file(str(path)), ("memsafety", "unreach-call"), str(tmp_path))
    assert_embedded(tvp, tvs, "--nodes", "2", "--runs", "20")


WIDE = HEAD + """struct node { struct node *next; };
int main(void) {
    int want = __VERIFIER_nondet_int();
    if (want < 0 || want > 10) return 0;
    struct node *top = NULL;
    for (int i = 0; i < want; i++) { struct node *n = malloc(sizeof *n); n->next = top; top = n; }
    int seen = 0;
    for (struct node *q = top; q; q = q->next) seen++;
    if (CHECK) reach_error();
    while (top) { struct node *r = top->next; free(top); top = r; }
    return 0;
}
"""


def test_a_guard_keeping_eleven_values_makes_a_flag_over_them(tmp_path):
    """0..10 is more values than a counter's first six but a run a loop counting to 10 keeps too:
    a flag over them and the one value the guard sends away (it was a register: unknown)."""
    assert values_of(tmp_path, WIDE.replace("CHECK", "0"), "want") == ("flag", tuple(range(12)))


@pytest.mark.parametrize("check, expected", [("seen != want", ("true", "true", "true")),
                                             ("seen == 10", ("true", "false", "false"))])
def test_a_count_checked_against_a_length_guarded_to_eleven_values(tmp_path, check, expected):
    assert c_verdicts(tmp_path, WIDE.replace("CHECK", check), concrete=expected[1] == "false") == expected


def test_concrete_runs_embed_through_a_wide_guard(tmp_path):
    path = tmp_path / "p.c"
    path.write_text(WIDE.replace("CHECK", "seen != want"))
    _tr, tvp, tvs = write_translation(lower_file(str(path)), ("memsafety", "unreach-call"), str(tmp_path))
    assert_embedded(tvp, tvs, "--nodes", "4", "--runs", "20")


def test_a_length_guarded_by_a_block_that_frees_before_it_returns(tmp_path):
    src = HEAD + """struct elem { struct elem *below; };
int main(void) {
    struct elem *s = malloc(sizeof(struct elem));
    int len = __VERIFIER_nondet_int();
    if (len < 1 || len > 10) { free(s); return 0; }
    int popped = 0;
    while (popped < len) popped++;
    if (popped != len) reach_error();
    free(s);
    return 0;
}
"""
    assert c_verdicts(tmp_path, src) == ("true", "true", "true")


STEPPED = HEAD + """int main(void) {
    int len = __VERIFIER_nondet_int();
    GUARD
    STEP;
    CHECK
    return 0;
}
"""


@pytest.mark.parametrize("guard", ["if (len < 1 || len > 4) return 0;", "__VERIFIER_assume(len > 0 && len < 5);",
                                   "if (len < 1 || len > 4) abort();", "if (len < 1 || len > 4) len = 1;"])
@pytest.mark.parametrize("step, check, expected", [
    ("len--", "reach_error();", "false"),
    ("len--", "if (len < 0 || len > 3) reach_error();", "true"),
    ("len--", "if (len == 3) reach_error();", "false"),
    ("len++", "if (len == 2) reach_error();", "false"),
    ("len++", "if (len < 2 || len > 5) reach_error();", "true"),
])
def test_a_guarded_nondet_value_stepped_after_the_guard(tmp_path, guard, step, check, expected):
    """A variable given a guarded nondet value and stepped after is a counter: its nondet value is
    any of the counter's values (the guard rejects those past its range).  Before, the assignment
    was left untracked: the counter kept its first value, the guard's true branch was no path at
    all, and every property after it was true (a probe's ``len--; reach_error();`` was proved)."""
    src = STEPPED.replace("GUARD", guard).replace("STEP", step).replace("CHECK", check)
    assert c_verdicts(tmp_path, src, ("unreach-call",), concrete=False) == (expected,)


# pick called twice with other constant bounds: from and until are flags, not constants
TWICE = COUNT.replace("const int len = pick(2, 5);", "const int len = pick(2, 5);\n    const int k = pick(0, 1);")
assert TWICE.count("pick(0, 1)") == 1


@pytest.mark.parametrize("guard, expected", [
    # kept: the values some call keeps (0..5); 6, sent away by every call, stands for all such
    (ABORT, ("flag", (0, 1, 2, 3, 4, 5, 6))),
    ("if (v < from || v > until) v = from;", ("flag", (0, 1, 2, 3, 4, 5, 6))),
    (ASSUME, ("flag", (0, 1, 2, 3, 4, 5))),
])
def test_a_guard_of_a_function_called_with_other_bounds(tmp_path, guard, expected):
    """Each call's bounds are constants, but the parameters hold both calls' (a flag over 2 and 0,
    one over 5 and 1): the guard keeps every value one of them may keep, and the lowered tests
    decide, call by call, which do (before, such a guard kept nothing: a register, unknown)."""
    assert values_of(tmp_path, TWICE.replace("GUARD", guard).replace("CHECK", "0"), "v") == expected


@pytest.mark.parametrize("guard, check, expected", [
    (ABORT, "count != 1 + len || k > 1", ("true", "true", "true")),
    ("if (v < from || v > until) v = from;", "count != 1 + len || k < 0", ("true", "true", "true")),
    ("if (v < from || v > until) v = from;", "k == 1", ("true", "false", "false")),
])
def test_a_count_checked_against_a_length_picked_by_a_function_called_twice(tmp_path, guard, check, expected):
    assert c_verdicts(tmp_path, TWICE.replace("GUARD", guard).replace("CHECK", check)) == expected


def test_concrete_runs_embed_through_a_guard_called_twice(tmp_path):
    src = TWICE.replace("GUARD", "if (v < from || v > until) v = from;").replace("CHECK", "k == 1")
    assert_c_embeds(tmp_path, src, ("memsafety", "unreach-call"), "--nodes", "4", "--runs", "20")


# the index is picked below a bound computed from the length the same function picked
INDEXED = HEAD + """typedef struct node { struct node *next; } *SLL;
int pick(int from, int until) {
    int v = __VERIFIER_nondet_int();
    if (v < from || v > until) v = from;
    return v;
}
int main(void) {
    const int len = pick(2, 5);
    const int idx = pick(0, UNTIL);
    SLL s = NULL;
    for (int i = 0; i < len; i++) { SLL n = malloc(sizeof *n); n->next = s; s = n; }
    SLL *at = &s;
    for (int i = 0; i < idx; i++) at = &(*at)->next;
    SLL gone = *at;
    *at = gone->next;
    free(gone);
    int count = 0;
    for (SLL p = s; p; p = p->next) count++;
    if (count + 1 != len) reach_error();
    while (s) { SLL t = s->next; free(s); s = t; }
    return 0;
}
"""


def test_a_copy_of_a_clamped_value_leaves_out_the_value_that_stands_for_those_sent_away(tmp_path):
    """6 stands, in v, for the values the clamp sends away; no read of v after the clamp sees it,
    so the length returned is one of 2..5 (before, 6 too)."""
    assert values_of(tmp_path, COUNT.replace("GUARD", "if (v < from || v > until) v = from;")
                     .replace("CHECK", "0"), "len") == ("flag", (2, 3, 4, 5))


def test_a_bound_computed_from_what_the_same_function_returned(tmp_path):
    """until is given 5 and len - 1, len what pick returns: the classification first takes each
    variable as holding nothing yet and finds a fixpoint from there (until one of 1..5).  Before, it
    started from "anything" and kept that: v, len and idx were abstracted, and the verdicts unknown."""
    src = INDEXED.replace("UNTIL", "len - 1")
    assert values_of(tmp_path, src, "idx") == ("flag", (0, 1, 2, 3, 4, 5))
    assert c_verdicts(tmp_path, src) == ("true", "true", "true")


def test_an_index_picked_up_to_the_length_runs_off_the_list(tmp_path):
    src = INDEXED.replace("UNTIL", "len")
    assert c_verdicts(tmp_path, src, ("memsafety",)) == ("false (valid-deref)",)


def test_concrete_runs_embed_through_a_bound_computed_from_a_return(tmp_path):
    src = INDEXED.replace("UNTIL", "len - 1")
    assert_c_embeds(tmp_path, src, ("memsafety", "unreach-call"), "--nodes", "6", "--runs", "20")


# two guards of one variable: 3, which the first sends away, the second keeps
TWO_GUARDS = HEAD + """typedef struct node { struct node *next; } *SLL;
extern void abort(void);
int main(void) {
    int v = __VERIFIER_nondet_int();
    if (v < 0 || v > 2) abort();
    int a = v;
    v = __VERIFIER_nondet_int();
    if (v < LOW || v > 5) abort();
    int b = v;
    if (b == 3) reach_error();
    return a;
}
"""


@pytest.mark.parametrize("low, expected", [("3", "false"), ("4", "true")])
def test_a_value_one_guard_sends_away_and_another_keeps_is_read(tmp_path, low, expected):
    """Reads of v leave out the value a guard sends away only where no guard of v keeps it: with
    LOW 3 the second guard keeps 3, which the first sends away (the first version of the
    classification of 11c3f01 left it out, and b == 3 was proved never to hold)."""
    src = TWO_GUARDS.replace("LOW", low)
    assert c_verdicts(tmp_path, src, ("unreach-call",), concrete=False) == (expected,)


# a guard whose test keeps the value it reads before (or after) its range tests decide
OBSERVED = HEAD + """int g = 0;
int main(void) {
    int v = __VERIFIER_nondet_int();
    if (TEST) v = 0;
    if (g > 4) reach_error();
    return v;
}
"""


@pytest.mark.parametrize("test, expected", [
    ("(g = v) == -7 || v < 0 || v > 4", "unknown"),   # g may be 77
    ("v < 0 || v > 4 || (g = v) == -7", "true"),      # g sees only 0..4
])
def test_a_guard_test_that_keeps_the_value_before_the_range_tests_decide(tmp_path, test, expected):
    """An assignment (or a call) in a guard's test that reads v before a range test of v decides
    keeps a value the guard sends away: that guard is no guard (v holds any value).  Before, g was
    taken as one of 0..4 and g > 4 never to hold."""
    src = OBSERVED.replace("TEST", test)
    assert c_verdicts(tmp_path, src, ("unreach-call",), concrete=False) == (expected,)
