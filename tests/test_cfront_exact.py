"""A program whose executions are all bounded (loops counting to constants, lists of that many cells)
is run once more without blur (join conc, verify._exact) when the runs with summary nodes leave an
alarm without a witness: that run meets every store and keeps what blurring loses, the length of a
list a counter counted.  A counter compared with an expression of constants (``len + 1``) or, through
a return value, with another counter keeps every value up to it (intvars._compared_values)."""

import pytest
from conftest import assert_embedded

from tvla.cfront.intvars import classify_ints
from tvla.cfront.lower import lower_file
from tvla.cfront.parse import parse_file
from tvla.cli.verify import VerifyOptions, verify_files, write_translation

APPEND = """#include <stdlib.h>
extern void reach_error(void);
typedef struct node { struct node *next; int data; } *SLL;
SLL create(int len) {
    SLL head = NULL;
    while (len > 0) {
        SLL n = malloc(sizeof(struct node));
        n->next = head; n->data = 1; head = n; len--;
    }
    return head;
}
int main(void) {
    const int len = LEN;
    SLL s = create(len), last = s, t = malloc(sizeof(struct node));
    t->next = NULL; t->data = 1;
    while (last->next) last = last->next;
    last->next = t;
    int count = 0;
    for (SLL p = s; p; p = p->next) count++;
    if (count != CHECK) reach_error();
    while (s) { t = s->next; free(s); s = t; }
    return 0;
}
"""

LENGTH = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef struct node { struct node *next; } *List;
int length(List l) { int n = 0; while (l) { n++; l = l->next; } return n; }
int main(void) {
    List head = NULL, p;
    int n = 0;
    EXTRA
    while (n < 10 && __VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node)); p->next = head; head = p; n++;
    }
    if (length(head) != n) reach_error();
    while (head) { p = head->next; free(head); head = p; }
    return 0;
}
"""


def verdicts(tmp_path, text):
    path = tmp_path / "t.c"
    path.write_text(text)
    [f] = verify_files([str(path)], VerifyOptions(("memcleanup", "unreach-call")))
    return {p.name: p for p in f.properties}


@pytest.mark.parametrize("check, verdict", [("1 + len", "true"), ("len", "false")])
def test_the_length_of_a_list_built_by_a_counted_loop(tmp_path, check, verdict):
    got = verdicts(tmp_path, APPEND.replace("LEN", "5").replace("CHECK", check))
    assert got["unreach-call"].verdict == verdict, got["unreach-call"].reason
    assert got["memcleanup"].verdict == verdict


# an extra cell the counter does not count: length() returns one more
EXTRA = "head = malloc(sizeof(struct node)); head->next = NULL;"


@pytest.mark.parametrize("extra, verdict", [("", "true"), (EXTRA, "false")])
def test_a_count_returned_by_a_callee(tmp_path, extra, verdict):
    got = verdicts(tmp_path, LENGTH.replace("EXTRA", extra))
    assert got["unreach-call"].verdict == verdict, got["unreach-call"].reason


# functions the program never calls, as a header gcc -E expands brings them (glibc's __bswap_16)
UNUSED = [f"static unsigned u{k}(unsigned x) {{ unsigned y = x >> {k}; return y; }}\n" for k in range(8)]


@pytest.mark.parametrize("unused", [0, 3, 8])
def test_two_counters_compared_with_each_other_keep_their_bounds_whatever_else_the_file_holds(tmp_path, unused):
    # n (bounded by 10) and length()'s count bound each other; the values a count takes one past its
    # bound no longer widen the other's bound a round at a time, so the classes reach a fixpoint
    # instead of stopping where the number of int variables of the file cut the rounds off
    text = LENGTH.replace("EXTRA", "").replace("int length", "".join(UNUSED[:unused]) + "int length")
    path = tmp_path / "t.c"
    path.write_text(text)
    classes = classify_ints(parse_file(str(path)))
    # main's n, length's n and its return value: 0..10 and the 11 a step takes past 10
    assert [c.values for c in classes.values() if c.kind == "counter"] == [tuple(range(12))] * 3
    assert verdicts(tmp_path, text)["unreach-call"].verdict == "true"


def test_an_unbounded_loop_is_counted_by_the_cells(tmp_path):
    # the list may be longer than any bound: the run without blur stops at its node limit, but the
    # counters are tallied (tvla.cfront.tallies): n and length's n counted the same cells (before
    # the tallies, the alarm of the runs with summary nodes stayed: unknown)
    text = LENGTH.replace("n < 10 && ", "").replace("EXTRA", "")
    got = verdicts(tmp_path, text)
    assert got["unreach-call"].verdict == "true"


CELLS = """#include <stdlib.h>
extern void reach_error(void);
struct node { struct node *next; int *val; };
int main(void) {
    struct node *l = NULL, *p;
    int i, count = 0;
    for (i = 0; i < 5; i++) {
        p = malloc(sizeof(struct node)); p->val = malloc(sizeof(int)); *p->val = 1;
        p->next = l; l = p;
    }
    for (p = l; p != NULL; p = p->next) count++;
    if (count == 5) reach_error();
    while (l != NULL) { p = l->next; free(l->val); free(l); l = p; }
    return 0;
}
"""


def test_a_witness_as_large_as_the_stores_of_the_run_without_blur(tmp_path):
    # 10 cells before reach_error: more than the default bound (8, the counter's 5 + 2 + 1); the run
    # without blur met every store, the largest of 10 cells, and the search may use as many
    got = verdicts(tmp_path, CELLS)
    assert got["unreach-call"].verdict == "false", got["unreach-call"].reason



SIGN = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef struct node { struct node *next; } *List;
int main(void) {
    List head = NULL, p;
    TYPE n START;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node)); p->next = head; head = p;
    }
    INIT
    for (p = head; p; p = p->next) n STEP;
    if (CHECK) reach_error();
    while (head) { p = head->next; free(head); head = p; }
    return 0;
}
"""


def sign_program(check, type_="int", step="++", init="n = 0;", start=""):
    return SIGN.replace("TYPE", type_).replace("START", start).replace("INIT", init).replace("STEP", step) \
        .replace("CHECK", check)


@pytest.mark.parametrize("check, step, verdict", [
    ("n < 0", "++", "true"), ("n >= 0 && n != 0 && head == NULL", "++", "true"), ("n > 0 && head == NULL", "++", "true"),
    ("n > 2", "++", "false"), ("n > 0", "--", "true"), ("n < -6", "--", "false"), ("n == 1 || n < 0", "+= 2", "true")])
def test_a_counter_stepped_one_way_holds_its_other_values_on_that_side(tmp_path, check, step, verdict):
    # n counts an unbounded list: past its values (0..5 up, 0..-5 down) it holds "another value",
    # which is above them when every step goes up (a signed int overflowing is undefined), so a
    # test against a constant within them decides it, and a step from it stays another value
    got = verdicts(tmp_path, sign_program(check, step=step))
    assert got["unreach-call"].verdict == verdict, got["unreach-call"].reason
    if verdict == "false":
        assert got["unreach-call"].witness


def test_the_side_of_a_counters_other_values(tmp_path):
    path = tmp_path / "t.c"
    for step, beyond in (("++", 1), ("--", -1), ("+= 2", 1)):
        path.write_text(sign_program("n < 0", step=step))
        [n] = [c for c in classify_ints(parse_file(str(path))).values() if c.kind == "counter"]
        assert n.beyond == beyond, step
    # an unsigned or narrow counter wraps around in C's own semantics; a counter also copied from
    # another one's other values (m = n + 1) and stepped both ways, or copied into a narrow one, has
    # its other values on no side; copied and stepped up only, they are above (n's are: m = n + 1 >= 7)
    copied = sign_program("n < 0", init="n = 0; int m = n + 1; while (m > 3) m--;", step="++, m++")
    for text, name, beyond in ((sign_program("n < 0", type_="unsigned"), "n", 0),
                               (sign_program("n < 0", type_="short"), "n", 0), (copied, "m", 0),
                               (copied.replace("while (m > 3) m--;", ""), "m", 1),
                               (copied.replace("while (m > 3) m--;", "").replace("int m", "short m"), "m", 0)):
        path.write_text(text)
        offset = text.index(f" {name} ") + 1 if name == "n" else text.index(" m =") + 1
        [c] = [c for (_, at), c in classify_ints(parse_file(str(path))).items() if at == offset]
        assert c.beyond == beyond and (c.kind == "counter" or "short" in text), (name, c)


@pytest.mark.parametrize("text", [
    # 256 cells take an unsigned char count back to 0
    sign_program("head != NULL && n == 0", type_="unsigned char"),
    # n may be read before it is written: its indeterminate value is on no side of 0
    sign_program("n < 0", init="if (__VERIFIER_nondet_int()) n = 0;")])
def test_a_counter_whose_other_values_are_on_no_side_is_not_proved(tmp_path, text):
    assert verdicts(tmp_path, text)["unreach-call"].verdict != "true"


NUMBERED = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
int main(void) {
    struct node *l = NULL, *n, *p;
    int k = START;
    while (__VERIFIER_nondet_int()) {
        n = malloc(sizeof *n);
        n->data = k;
        n->next = l; l = n;
        k STEP;
    }
    for (p = l; p && p->next; p = p->next)
        if (CHECK) reach_error();
    while (l) { n = l->next; free(l); l = n; }
    return 0;
}
"""


@pytest.mark.parametrize("start, step, check, verdict", [
    ("0", "++", "p->data == 0", "true"),    # every cell but the last got a k past 0
    ("0", "--", "p->data == 0", "true"),
    ("0", "++", "p->data == 3", "false"),
    ("0", "++", "p->data == 9", "false"),   # 9 lies among k's other values: the write of one is no exact write
    ("1", "++", "p->data == 0 || p->data == 1", "true"),
])
def test_a_datum_written_from_a_counter_past_its_values(tmp_path, start, step, check, verdict):
    """``n->data = k`` when k holds "another value" on one side of its values (counting up from
    0): no constant of the field lies there, so every such value agrees on the field's predicates
    and the write is exact (it was abstracted: the check was an alarm without a witness)."""
    src = NUMBERED.replace("START", start).replace("STEP", step).replace("CHECK", check)
    got = verdicts(tmp_path, src)["unreach-call"]
    assert got.verdict == verdict, got.reason
    if verdict == "false":
        assert got.witness


def test_a_datum_written_past_a_counters_values_embeds_its_concrete_runs(tmp_path):
    src = NUMBERED.replace("START", "0").replace("STEP", "++").replace("CHECK", "p->data == 0")
    path = tmp_path / "numbered.c"
    path.write_text(src)
    _tr, tvp, tvs = write_translation(lower_file(str(path)), ("unreach-call",), str(tmp_path))
    assert_embedded(tvp, tvs, "--nodes", "4", "--runs", "0")


PASSED_ON = """extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static int g;
static void set(int v) { g = v; }
int main(void) {
    int i;
    for (i = 0; __VERIFIER_nondet_int(); i++)
        set(i);
    if (CHECK)
        reach_error();
    return 0;
}
"""


@pytest.mark.parametrize("check, verdict", [("g < 0", "true"), ("g > 7", "false")])
def test_a_counter_copied_keeps_the_side_of_its_other_values(tmp_path, check, verdict):
    """``set(i)`` copies a counter counting up from 0 into a parameter, then a global: past their
    values both hold what i holds past its own, so above them; before, the copy's other values were
    on no side and ``g < 0`` was an alarm whose witness passes an abstracted step (unknown)."""
    got = verdicts(tmp_path, PASSED_ON.replace("CHECK", check))
    assert got["unreach-call"].verdict == verdict, got["unreach-call"].reason


SHIFTED = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int d; };
int main(void) {
    int *a = malloc(sizeof(int));
    *a = 1;
    if (*a + 2 != 3)
        reach_error();
    struct node *p = malloc(sizeof *p);
    p->d = __VERIFIER_nondet_int() ? 4 : 7;
    if (FIRST) { free(a); free(p); return 0; }
    if (p->d - 1 != 3)
        reach_error();
    free(a);
    free(p);
    return 0;
}
"""


@pytest.mark.parametrize("first, verdict", [("10 - 3 < p->d + 1", "true"), ("7 < 1 + p->d", "true"),
                                            ("p->d + 1 == 5", "false")])
def test_a_datum_plus_a_constant_compared_with_a_constant(tmp_path, first, verdict):
    """``*a + 2 != 3`` is ``*a != 1`` (a signed int sum: its overflow is undefined), so the test
    reads the datum's constants; before, the sum was abstracted and every such test was unknown."""
    got = verdicts(tmp_path, SHIFTED.replace("FIRST", first))["unreach-call"]
    assert got.verdict == verdict, got.reason
