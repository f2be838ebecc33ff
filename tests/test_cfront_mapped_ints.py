"""Int variables computed from one flag or counter and constants (``new_data = len - i``,
``i % 2 == 0``): an assignment takes, for each value of the counter, the value the expression
has there (a table, :func:`tvla.cfront.intvars.mapped_of`), and a test branches by it; before,
both were abstracted, and a program checking such values was unknown.  The same for an
expression of two (``i + len`` with len chosen, :func:`tvla.cfront.intvars.paired_of`), per pair
of their values."""

from pathlib import Path

import pytest
from conftest import assert_c_embeds, c_verdicts

from tvla.cfront.intvars import classify_ints
from tvla.cfront.parse import parse_file
from tvla.cli.verify import VerifyOptions, verify_files

ALL = ("memsafety", "memcleanup", "unreach-call")

# the corpus's list-simple style update task: a circular list of len = 2 cells, each updated at
# its index with i + len, then read back and compared with i + len
UPDATE_ALL = (Path(__file__).resolve().parent.parent / "programs" / "c" / "sll_circular_counted_update.c").read_text()
assert UPDATE_ALL.count("int new_data = i + len;") == 1 and UPDATE_ALL.count("int expected = i + len;") == 1

PARITY = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
int main(void) {
  struct node *h = NULL;
  int i;
  for (i = 0; i < 4; i++) {
    struct node *n = malloc(sizeof *n);
    if (i % 2 == 0) n->data = 1; else n->data = 2;
    n->next = h;
    h = n;
  }
  /* h: data 2 1 2 1 */
  int k = 0;
  for (struct node *p = h; p; p = p->next, k++) {
    if ((k + 1) % 2 == 0 && p->data != 1) reach_error();
    if (k % 2 == 0 && p->data != 2) reach_error();
  }
  while (h) { struct node *t = h->next; free(h); h = t; }
  return 0;
}
"""


# flag alternates 0, 1 (x ^= 1); f starts from flag's values and alternates the other way
TOGGLE = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int data; struct node *next; };
int main(void) {
  struct node *head = NULL, *p;
  int flag = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    n->data = flag;
    flag ^= 1;
    n->next = head;
    head = n;
  }
  int f = START;
  for (p = head; p; p = p->next) {
    if (p->data != f) reach_error();
    f = 1 - f;
  }
  while (head) { p = head->next; free(head); head = p; }
  return 0;
}
"""


def verdicts(tmp_path, src):
    path = tmp_path / "prog.c"
    path.write_text(src)
    [f] = verify_files([str(path)], VerifyOptions(ALL))
    return tuple(p.verdict for p in f.properties)


@pytest.mark.parametrize("new, expected, verdict", [
    ("len - i", "len - i", ("true", "true", "true")),
    ("2 * i + 1", "2 * i + 1", ("true", "true", "true")),
    ("i % 2", "i % 2", ("true", "true", "true")),
    ("i + len + (i == 1)", "i + len + (i == 1)", ("true", "true", "true")),
    ("len - i", "len - i - 1", ("true", "false", "false")),
    ("i % 2", "(i + 1) % 2", ("true", "false", "false")),
    ("i * len", "i", ("true", "false", "false")),
])
def test_values_computed_from_a_counter(tmp_path, new, expected, verdict):
    src = UPDATE_ALL.replace("int new_data = i + len;", f"int new_data = {new};") \
        .replace("int expected = i + len;", f"int expected = {expected};")
    assert verdicts(tmp_path, src) == verdict


def test_tests_computed_from_a_counter(tmp_path):
    assert verdicts(tmp_path, PARITY) == ("true", "true", "true")
    wrong = PARITY.replace("p->data != 1) reach_error", "p->data != 2) reach_error")
    assert verdicts(tmp_path, wrong) == ("true", "false", "false")


def test_an_undefined_value_is_abstracted(tmp_path):
    """``6 / i`` at i == 0 is undefined in C: the table has no value there, and the test takes both
    branches, abstracted; every run passes it before the walk that calls reach_error(), so that
    call is not said to happen (unknown), nor proved not to."""
    src = PARITY.replace("if (i % 2 == 0) n->data = 1;", "if (6 / i == 6) n->data = 1;")
    assert verdicts(tmp_path, src)[2] == "unknown"


@pytest.mark.parametrize("src", [PARITY, TOGGLE.replace("START", "1 - flag")], ids=["parity", "toggle"])
def test_concrete_runs_embed(tmp_path, src):
    """Every concrete run of the translation over stores of up to 5 cells embeds in the analysis."""
    assert_c_embeds(tmp_path, src, ("unreach-call",), "--nodes", "5", "--runs", "0")


# a variable given a constant and a function of its own value (SV-COMP's process queues alternate
# wait times so): a flag over what the function reaches from the constant, when that is a few values
TURNS = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int wait; };
int main(void) {
  struct node *h = NULL;
  int turn = 1;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    n->wait = turn;
    turn = NEXT;
    n->next = h;
    h = n;
  }
  for (struct node *p = h; p; p = p->next)
    if (p->wait != 1 && p->wait != 2) reach_error();
  while (h) { struct node *t = h->next; free(h); h = t; }
  return 0;
}
"""


@pytest.mark.parametrize("next_, values", [
    ("3 - turn", (1, 2)),
    ("turn % 2 + 1", (1, 2)),
    ("(turn + 1) % 3", (0, 1, 2)),
    ("(turn + 1) % 7", None),      # seven values: more than a flag holds
    ("6 / (turn - 1)", None),      # undefined at turn == 1
    ("turn + 1", None),            # a step: a counter, not a flag
])
def test_a_variable_given_a_function_of_itself_is_a_flag_over_what_it_reaches(tmp_path, next_, values):
    path = tmp_path / "t.c"
    path.write_text(TURNS.replace("NEXT", next_))
    [turn] = [c for (_, at), c in classify_ints(parse_file(str(path))).items() if at == TURNS.index("turn = 1")]
    assert (turn.values if turn.kind == "flag" else None) == values, turn


@pytest.mark.parametrize("next_, verdict", [
    ("3 - turn", ("true", "true", "true")),
    ("4 - turn", ("true", "false", "false")),
    ("(turn + 1) % 3", ("true", "false", "false")),
])
def test_values_a_flag_computes_from_itself_are_decided(tmp_path, next_, verdict):
    assert c_verdicts(tmp_path, TURNS.replace("NEXT", next_), concrete=False) == verdict


@pytest.mark.parametrize("update, values, verdict", [
    ("turn ^= 3;", (1, 2), ("true", "true", "true")),    # x ^= e is x = x ^ e: 1 and 2 alternate
    ("turn ^= 1;", (0, 1), ("true", "false", "false")),  # 1, 0, 1...: a wait of 0
    ("turn *= 2;", None, None),                          # 1, 2, 4, 8, 16: more than a flag holds
])
def test_a_compound_assignment_is_a_function_of_the_variable(tmp_path, update, values, verdict):
    src = TURNS.replace("turn = NEXT;", update)
    path = tmp_path / "t.c"
    path.write_text(src)
    [turn] = [c for (_, at), c in classify_ints(parse_file(str(path))).items() if at == src.index("turn = 1")]
    assert (turn.values if turn.kind == "flag" else None) == values, turn
    if verdict is not None:
        assert c_verdicts(tmp_path, src, concrete=False) == verdict


@pytest.mark.parametrize("written, verdict", [
    ("3 - turn", ("true", "true", "true")),   # 2, 1, 2...
    ("turn * 2 - 1", ("true", "false", "false")),   # 1, 3: a wait of 3
])
def test_a_field_given_a_function_of_a_flag_takes_its_value_per_value_of_the_flag(tmp_path, written, verdict):
    """Before, ``n->wait = 3 - turn`` wrote an abstracted value (unknown)."""
    src = TURNS.replace("n->wait = turn;", f"n->wait = {written};").replace("NEXT", "3 - turn")
    assert c_verdicts(tmp_path, src, concrete=False) == verdict


@pytest.mark.parametrize("start, verdict", [
    ("1 - flag", ("true", "true", "true")),
    ("flag", ("true", "false", "false")),
])
def test_a_toggle_may_start_from_another_flag(tmp_path, start, verdict):
    """``f = 1 - flag`` then ``f = 1 - f``: f is a flag over what its own function reaches from
    flag's values (before, a start that was no constant made f abstracted: unknown)."""
    src = TOGGLE.replace("START", start)
    assert c_verdicts(tmp_path, src, concrete=False) == verdict



# SV-COMP list-ext3's sll2c_update_all with the values written and checked in place
RING_UPDATE = """#include <stdlib.h>
extern void reach_error(void);
typedef struct node { struct node *next; int data; } *SLL;
SLL node_create(int data) { SLL t = malloc(sizeof(struct node)); t->next = NULL; t->data = data; return t; }
int main(void) {
  const int len = 2;
  SLL s = node_create(1), last = s;
  for (int k = len; k > 1; k--) { SLL n = node_create(1); n->next = s; s = n; }
  last->next = s;
  SLL p = s;
  int i = 0;
  do { p->data = WRITTEN; p = p->next; i++; } while (p != s);
  p = s; i = 0;
  do { if (p->data != CHECKED) reach_error(); p = p->next; i++; } while (p != s);
  p = s->next;
  while (p != s) { SLL t = p->next; free(p); p = t; }
  free(s);
  return 0;
}
"""


@pytest.mark.parametrize("written, checked, verdict", [
    ("i + len", "i + len", ("true", "true", "true")),
    ("i + len", "i + len + 1", ("true", "false", "false")),
    ("i * 2", "i + i", ("true", "true", "true")),
])
def test_a_field_written_and_checked_with_a_counter_expression(tmp_path, written, checked, verdict):
    """``p->data = i + len`` and ``p->data != i + len`` of a counter i that may hold other values:
    one test per value of i it keeps (the others abstracted).  Before, both were abstracted:
    unknown."""
    src = RING_UPDATE.replace("WRITTEN", written).replace("CHECKED", checked)
    assert c_verdicts(tmp_path, src, concrete=False) == verdict


# the same with a length chosen from 1 and 2: i + len reads two followed ints (paired_of)
CHOSEN_LEN = "extern int __VERIFIER_nondet_int(void);\n" + \
    UPDATE_ALL.replace("const int len = 2;", "const int len = __VERIFIER_nondet_int() ? 2 : 1;")
assert CHOSEN_LEN.count("__VERIFIER_nondet_int() ? 2 : 1") == 1


@pytest.mark.parametrize("new, expected, verdict", [
    ("i + len", "i + len", ("true", "true", "true")),
    ("i + len", "i + len + (i == len - 1)", ("true", "false", "false")),
    ("i - len", "i + len", ("true", "false", "false")),
])
def test_values_computed_from_two_ints(tmp_path, new, expected, verdict):
    """Each pair of values of i and len gives new_data and expected their value there: before,
    an expression of two followed ints was abstracted and the correct update was unknown."""
    src = CHOSEN_LEN.replace("int new_data = i + len;", f"int new_data = {new};") \
        .replace("int expected = i + len;", f"int expected = {expected};")
    assert verdicts(tmp_path, src) == verdict


RING_WRITE = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
int main(void) {
  int len = __VERIFIER_nondet_int() ? 2 : 1;
  struct node *s = malloc(sizeof *s), *p;
  s->next = s;
  for (int k = 1; k < len; k++) {
    p = malloc(sizeof *p);
    p->next = s->next;
    s->next = p;
  }
  int i = 0;
  p = s;
  do { p->data = WRITE; p = p->next; i++; } while (p != s);
  i = 0;
  do { if (p->data != TEST) reach_error(); p = p->next; i++; } while (p != s);
  p = s->next;
  while (p != s) { struct node *t = p->next; free(p); p = t; }
  free(s);
  return 0;
}
"""


@pytest.mark.parametrize("write, test, verdict", [
    ("i + len", "len + i", ("true", "true", "true")),
    ("i + len", "len + i - (i == 1)", ("true", "false", "false")),
])
def test_fields_written_and_tested_from_two_ints(tmp_path, write, test, verdict):
    """``p->data = i + len`` stores, and ``p->data != len + i`` tests, per pair of values."""
    assert verdicts(tmp_path, RING_WRITE.replace("WRITE", write).replace("TEST", test)) == verdict


def test_two_int_values_embed(tmp_path):
    """Every concrete run of the translation over stores of up to 4 cells embeds in the analysis."""
    src = RING_WRITE.replace("WRITE", "i + len").replace("TEST", "len + i - (i == 1)")
    assert_c_embeds(tmp_path, src, ("unreach-call",), "--nodes", "4", "--runs", "0")
