"""Calls through function pointers: a function pointer is followed as an int whose values name the
functions of the file (``cinfo.function_number``), so ``f = mark; ... f(p)`` inlines ``mark`` and a
pointer chosen at run time is a flag: each function it may name is inlined after a test of it."""

import pytest

from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files

ALL = ("memsafety", "memcleanup", "unreach-call")
HEAD = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
void mark(struct node *p) { p->data = 1; }
void unmark(struct node *p) { p->data = 0; }
"""

VISITOR = """void for_each(struct node *l, void (*visit)(struct node *)) {
  while (l != NULL) { visit(l); l = l->next; }
}
int main(void) {
  struct node *head = NULL, *p;
  void (*f)(struct node *);
  int want;
  while (__VERIFIER_nondet_int()) {
    p = malloc(sizeof(struct node)); p->data = 7; p->next = head; head = p;
  }
  if (__VERIFIER_nondet_int()) { f = mark; want = WANT_MARK; } else { f = &unmark; want = 0; }
  for_each(head, f);
  for (p = head; p != NULL; p = p->next)
    if (p->data != want) reach_error();
  while (head != NULL) { p = head; head = head->next; free(p); }
  return 0;
}"""

RESULT = """struct node *one(void) { struct node *n = malloc(sizeof *n); n->data = 1; n->next = NULL; return n; }
struct node *two(void) { struct node *n = malloc(sizeof *n); n->data = 2; n->next = NULL; return n; }
int main(void) {
  struct node *(*mk)(void) = __VERIFIER_nondet_int() ? one : two;
  int want = mk == one ? 1 : WANT_TWO;
  struct node *n = (*mk)();
  if (n->data != want) reach_error();
  free(n);
  return 0;
}"""

MAYBE_NULL = """int main(void) {
  struct node *h = malloc(sizeof *h);
  h->data = 0;
  void (*f)(struct node *) = NULL;
  if (__VERIFIER_nondet_int()) f = mark;
  GUARD f(h);
  if (h->data > 1) reach_error();
  free(h);
  return 0;
}"""

GENERIC = """typedef struct node *List;
void push(List *l) { List n = malloc(sizeof *n); n->next = *l; *l = n; }
List create(void (*insert)(List *)) {
  List l = NULL;
  insert(&l);
  while (__VERIFIER_nondet_int()) insert(&l);
  return l;
}
int main(void) {
  List l = create(push);
  while (l) { List t = l->next; FREE l = t; }
  return 0;
}"""

# a function whose address is taken also gets the arguments of every call through a pointer
TAKEN = """void setd(struct node *p, int v) { p->data = v; }
int main(void) {
  struct node *h = malloc(sizeof *h);
  void (*fp)(struct node *, int) = setd;
  setd(h, 1);
  if (__VERIFIER_nondet_int()) fp(h, 2);
  if (h->data != 1) reach_error();
  free(h);
  return 0;
}"""


def verdicts(tmp_path, src):
    path = tmp_path / "prog.c"
    path.write_text(HEAD + src + "\n")
    [f] = verify_files([str(path)], VerifyOptions(ALL, concrete=False))
    return tuple(p.verdict for p in f.properties)


@pytest.mark.parametrize("src, expected", [
    (VISITOR.replace("WANT_MARK", "1"), ("true", "true", "true")),
    (VISITOR.replace("WANT_MARK", "0"), ("true", "false", "false")),
    (RESULT.replace("WANT_TWO", "2"), ("true", "true", "true")),
    (RESULT.replace("WANT_TWO", "1"), ("true", "false", "false")),
    (MAYBE_NULL.replace("GUARD", "if (f)"), ("true", "true", "true")),
    (MAYBE_NULL.replace("GUARD", ""), ("unknown", "unknown", "unknown")),   # no run followed past NULL()
    (GENERIC.replace("FREE", "free(l);"), ("true", "true", "true")),
    (GENERIC.replace("FREE", ""), ("false", "false", "true")),
    (TAKEN, ("true", "false", "false")),
    (TAKEN.replace("fp(h, 2)", "fp(h, 1)"), ("true", "true", "true")),
], ids=["visitor", "visitor-wrong-value", "result", "result-wrong-value", "null-guarded", "null-called",
        "generic-insert", "generic-insert-leak", "address-taken-parameter", "address-taken-parameter-same"])
def test_verdicts_through_function_pointers(tmp_path, src, expected):
    assert verdicts(tmp_path, src) == expected


def test_a_pointer_chosen_at_run_time_is_a_flag_over_functions(tmp_path):
    path = tmp_path / "prog.c"
    path.write_text(HEAD + VISITOR.replace("WANT_MARK", "1") + "\n")
    prog = lower_file(str(path))
    assert not prog.unsupported and not prog.cuts
    flags = {v.name: v.values for v in prog.ints}
    assert len(flags["f"]) == 2 and flags["visit"] == flags["f"] and 0 not in flags["f"]


def test_a_call_through_an_unknown_pointer_is_unsupported(tmp_path):
    src = """int main(void) {
  void (*f)(struct node *) = (void (*)(struct node *))__VERIFIER_nondet_int();
  struct node *h = malloc(sizeof *h);
  f(h);
  free(h);
  return 0;
}"""
    path = tmp_path / "prog.c"
    path.write_text(HEAD + src + "\n")
    prog = lower_file(str(path))
    assert any("call through a function pointer" in why for _, why in prog.unsupported), prog.unsupported


def test_a_global_function_pointer_and_the_witness_names_functions(tmp_path):
    src = """void (*visit)(struct node *) = mark;
int main(void) {
  struct node *h = malloc(sizeof *h);
  void (*f)(struct node *) = __VERIFIER_nondet_int() ? mark : unmark;
  h->data = 0;
  visit(h);
  if (h->data != 1) reach_error();
  f(h);
  if (h->data != 1) reach_error();
  free(h);
  return 0;
}"""
    path = tmp_path / "prog.c"
    path.write_text(HEAD + src + "\n")
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",), concrete=False))
    [p] = f.properties
    assert p.verdict == "false" and [a.pos.line for a in p.findings] == [15], p.findings
    stores = " ".join(step.store for step in p.findings[0].witness)
    assert "f = unmark" in stores and "f = mark" not in stores


NESTED_GENERIC = """struct inner { struct inner *next; };
struct outer { struct outer *next; struct inner *in; };
void push_inner(struct inner **l) { struct inner *n = malloc(sizeof *n); n->next = *l; *l = n; }
void *create(void (*insert)()) { void *l = NULL; insert(&l); while (__VERIFIER_nondet_int()) insert(&l); return l; }
void push_outer(struct outer **l) {
  struct outer *n = malloc(sizeof *n); n->next = *l; n->in = create((void (*)())push_inner); *l = n;
}
int main(void) {
  struct outer *o = create((void (*)())push_outer);
  while (o) {
    struct outer *t = o->next;
    while (o->in) { struct inner *i = o->in->next; FREE_INNER o->in = i; }
    free(o); o = t;
  }
  return 0;
}"""


@pytest.mark.parametrize("free_inner, expected", [("free(o->in);", ("true", "true", "true")),
                                                 ("", ("false", "false", "true"))])
def test_a_parameter_given_one_function_calls_that_one(tmp_path, free_inner, expected):
    # create() given push_outer calls create() given push_inner: no recursion (each call's insert
    # is the function given there), and the leak needs 4 cells before a witness shows it
    src = NESTED_GENERIC.replace("FREE_INNER", free_inner)
    path = tmp_path / "prog.c"
    path.write_text(HEAD + src + "\n")
    assert not lower_file(str(path)).cuts
    assert verdicts(tmp_path, src) == expected
