"""An int field given ``n % K`` or ``n & M`` of a value the analysis does not follow keeps the span
of values the operation can give (``ir.Span``): the write is abstracted (a run of values the span
meets may hold none the expression takes), but a value outside the span is never written, so a
test for it is proved never to hold (it was any value: unknown)."""

import pytest
from conftest import assert_embedded, c2tvp, c_verdicts

SRC = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
struct node { struct node *next; FIELD mark; };
static int hash(int key) { return key & 7; }
static int odd(int key) { if (key > 100) return key & 7; return key % 3; }
static int twice(int key) { if (key > 100) return key & 7; return key * 2; }
int main(void) {
    struct node *h = NULL;
    while (__VERIFIER_nondet_int()) {
        TYPE n = NONDET();
        struct node *x = malloc(sizeof *x);
        x->mark = VALUE;
        x->next = h;
        h = x;
    }
    for (struct node *p = h; p; p = p->next)
        if (CHECK) reach_error();
    while (h) { struct node *t = h->next; free(h); h = t; }
    return 0;
}
"""


def program(value, check, typ="int", field="int"):
    nondet = "__VERIFIER_nondet_uint" if typ.startswith("unsigned") else "__VERIFIER_nondet_int"
    return SRC.replace("TYPE", typ).replace("NONDET", nondet).replace("VALUE", value).replace("CHECK", check) \
        .replace("FIELD", field)


@pytest.mark.parametrize("value, check, typ, field, expected", [
    ("n % 2", "p->mark == 2", "int", "int", "true"),
    ("n % 2", "p->mark == -1", "int", "int", "false"),         # -1 % 2 is -1 in C
    ("n % 2", "p->mark == -1", "unsigned", "int", "true"),     # an unsigned remainder: 0 or 1
    ("n % 3", "p->mark > 2 || p->mark < -2", "int", "int", "true"),
    ("n % 3", "p->mark == 2", "int", "int", "false"),
    ("n & 3", "p->mark == 4", "int", "int", "true"),
    ("n & 3", "p->mark == 3", "int", "int", "false"),
    ("(n % 300) + 1", "p->mark == 400", "int", "int", "unknown"),    # not a span: any value
    # the value a function returns (hash_fun: return key & 7), every return's span
    ("hash(n)", "p->mark < 0 || p->mark > 7", "int", "int", "true"),
    ("hash(n)", "p->mark == 7", "int", "int", "false"),
    ("hash(n)", "p->mark == 2", "unsigned char", "unsigned char", "false"),
    ("odd(n)", "p->mark > 7 || p->mark < -2", "int", "int", "true"),   # 0..7 or -2..2: -2..7
    ("odd(n)", "p->mark == -2", "int", "int", "false"),
    ("twice(n)", "p->mark == 1000", "int", "int", "unknown"),   # a return without a span: any value
])
def test_a_remainder_written_into_a_field_keeps_its_span(tmp_path, value, check, typ, field, expected):
    assert c_verdicts(tmp_path, program(value, check, typ, field), ("unreach-call",)) == (expected,)


def test_the_write_of_a_span_is_abstracted_and_named_by_its_runs(tmp_path):
    tvp, _ = c2tvp(tmp_path, program("n % 2", "p->mark == 2"))
    text = open(tvp).read()
    assert "%action Abstracted_Set_Data_x_mark_$m1_$1()" in text   # -1..1: the run below 2
    assert "Set_Data_x_mark_$2" not in text


def test_no_span_where_the_field_does_not_keep_it(tmp_path):
    tvp, _ = c2tvp(tmp_path, program("n % 300", "p->mark == 100", field="signed char"))   # 299 wraps
    text = open(tvp).read()
    assert "Set_Data_x_mark_any()" in text and "Set_Data_x_mark_$m" not in text


def test_concrete_runs_embed_through_a_span(tmp_path):
    tvp, tvs = c2tvp(tmp_path, program("n % 3", "p->mark == 2"))
    assert_embedded(tvp, tvs, "--nodes", "3", "--runs", "20")


@pytest.mark.parametrize("k, check, expected", [("2", "p->mark == 2", "true"), ("3", "p->mark > 2", "true"),
                                                ("2", "p->mark == -1", "false"),
                                                ("100", "p->mark == 200", "unknown")])   # too many values
def test_an_int_variable_given_a_remainder_is_a_flag_over_its_values(tmp_path, k, check, expected):
    """``m = n % K`` of a value not followed: m is one of the 2K-1 values (at most six), chosen
    by an abstracted assignment; it was abstracted (any value)."""
    # the remainder goes through an int variable before the field
    src = program("m", check).replace("x->mark = m;", f"int m = __VERIFIER_nondet_int() % {k};\n        x->mark = m;")
    assert f"int m = __VERIFIER_nondet_int() % {k};" in src
    assert c_verdicts(tmp_path, src, ("unreach-call",)) == (expected,)


def test_a_remainder_of_a_counter_from_0_is_never_negative(tmp_path):
    """``n->data = i % 2`` of a counter i from 0 stepped up: 0 or 1 (the span of a signed remainder
    would also hold -1, which the check after deleting the cells holding 0 would find)."""
    src = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef struct node { int data; struct node *next; } *List;
int main(void) {
  List head = NULL;
  for (int i = 0; __VERIFIER_nondet_int(); i++) {
    List n = malloc(sizeof(struct node));
    n->data = i % 2;
    n->next = head;
    head = n;
  }
  List prev = NULL, cur = head;
  while (cur) {
    if (cur->data == 0) {
      List d = cur;
      cur = cur->next;
      if (prev) prev->next = cur; else head = cur;
      free(d);
    } else {
      prev = cur;
      cur = cur->next;
    }
  }
  for (cur = head; cur; cur = cur->next)
    if (cur->data != 1) reach_error();
  while (head) { cur = head->next; free(head); head = cur; }
  return 0;
}
"""
    assert c_verdicts(tmp_path, src) == ("true", "true", "true")
