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


def written(tmp_path, src):
    """The path of prog.c holding HEAD and ``src``."""
    path = tmp_path / "prog.c"
    path.write_text(HEAD + src + "\n")
    return str(path)


def lowered(tmp_path, src):
    """The CProgram of HEAD and ``src``."""
    return lower_file(written(tmp_path, src))


def verdicts(tmp_path, src):
    [f] = verify_files([written(tmp_path, src)], VerifyOptions(ALL, concrete=False))
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
    prog = lowered(tmp_path, VISITOR.replace("WANT_MARK", "1"))
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
    prog = lowered(tmp_path, src)
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
    [f] = verify_files([written(tmp_path, src)], VerifyOptions(("unreach-call",), concrete=False))
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
    assert not lowered(tmp_path, src).cuts
    assert verdicts(tmp_path, src) == expected


# a function pointer field holds the functions the program writes to it, each tested in turn
FIELD = """void release_plain(struct cell *c) { free(c); }
void release_checked(struct cell *c) { if (c->kind != 2) reach_error(); free(c); }
int main(void) {
  struct cell *head = NULL;
  while (__VERIFIER_nondet_int()) {
    struct cell *c = malloc(sizeof *c);
    if (__VERIFIER_nondet_int()) { c->kind = 1; c->release = FIRST; }
    else { c->kind = 2; c->release = release_checked; }
    c->next = head; head = c;
  }
  while (head) { struct cell *t = head->next; head->release(head); head = t; }
  return 0;
}"""

# a table of operations initialised with designators; open's result is the constant every open returns
OPS = """struct ops { int (*open)(struct cell *); void (*release)(struct cell *); };
int open_cell(struct cell *c) { c->buf = NULL; if (__VERIFIER_nondet_int()) c->buf = malloc(sizeof *c->buf); return 0; }
void release_cell(struct cell *c) { FREE_BUF free(c); }
static const struct ops table = { .open = open_cell, .release = release_cell };
int main(void) {
  struct cell *c = malloc(sizeof *c);
  if (table.open(c) != 0) { free(c); return 0; }
  c->next = NULL;
  table.release(c);
  return 0;
}"""

# a hook set on some cells only (calloc: NULL on the others), called where it is set
HOOK = """void hook(struct cell *c) { c->kind = 3; }
int main(void) {
  struct cell *head = NULL;
  while (__VERIFIER_nondet_int()) {
    struct cell *c = calloc(1, sizeof *c);
    if (__VERIFIER_nondet_int()) c->release = hook;
    c->next = head; head = c;
  }
  while (head) { struct cell *t = head->next; GUARD head->release(head); free(head); head = t; }
  return 0;
}"""

# a factory field given one of two functions by a conditional; the call's pointer result is the cell made
FACTORY = """struct maker { struct maker *link; struct node *(*make)(void); };
struct node *one(void) { struct node *n = malloc(sizeof *n); n->data = 1; n->next = NULL; return n; }
struct node *two(void) { struct node *n = malloc(sizeof *n); n->data = TWO; n->next = NULL; return n; }
int main(void) {
  struct maker *m = malloc(sizeof *m);
  m->link = NULL;
  m->make = __VERIFIER_nondet_int() ? one : two;
  struct node *n = m->make();
  if (n->data != 1 && n->data != 2) reach_error();
  free(n); free(m);
  return 0;
}"""

# a constructor given the release function: the field holds what every call passes the parameter
CTOR = """void release_plain(struct cell *c) { free(c); }
void release_checked(struct cell *c) { if (c->kind != 2) reach_error(); free(c); }
struct cell *make(int kind, void (*rel)(struct cell *), struct cell *next) {
  struct cell *c = malloc(sizeof *c);
  c->kind = kind; c->release = rel; c->next = next;
  return c;
}
int main(void) {
  struct cell *head = NULL;
  while (__VERIFIER_nondet_int())
    head = __VERIFIER_nondet_int() ? make(1, release_plain, head) : make(KIND, release_checked, head);
  while (head) { struct cell *t = head->next; head->release(head); head = t; }
  return 0;
}"""

COPY = "void (*f)(struct cell *) = head->release; f(head);"

CELL = """struct cell { struct cell *next; struct node *buf; int kind; void (*release)(struct cell *); };
"""


@pytest.mark.parametrize("src, expected", [
    (FIELD.replace("FIRST", "release_plain"), ("true", "true", "true")),
    (FIELD.replace("FIRST", "release_checked"), ("true", "false", "false")),
    (FIELD.replace("FIRST", "release_plain").replace("else { c->kind = 2; c->release = release_checked; }",
                                                    "else c->kind = 2;"),
     ("unknown", "unknown", "true")),   # a cell whose field was never written: no run followed past the call
    (OPS.replace("FREE_BUF", "free(c->buf);"), ("true", "true", "true")),
    (OPS.replace("FREE_BUF", ""), ("false", "false", "true")),
    (HOOK.replace("GUARD", "if (head->release)"), ("true", "true", "true")),
    (HOOK.replace("GUARD", ""), ("unknown", "unknown", "true")),
    # the field copied into a variable first: a flag over the functions the field holds and NULL
    (FIELD.replace("FIRST", "release_plain").replace("head->release(head);", COPY), ("true", "true", "true")),
    (FIELD.replace("FIRST", "release_checked").replace("head->release(head);", COPY), ("true", "false", "false")),
    (HOOK.replace("GUARD head->release(head);", COPY.replace("f(head)", "if (f) f(head)")), ("true", "true", "true")),
    (FACTORY.replace("TWO", "2"), ("true", "true", "true")),
    (FACTORY.replace("TWO", "3"), ("true", "false", "false")),
    (CTOR.replace("KIND", "2"), ("true", "true", "true")),
    (CTOR.replace("KIND", "1"), ("true", "false", "false")),
], ids=["field", "field-wrong-function", "field-unwritten", "ops-table", "ops-table-buffer-lost", "hook-tested",
        "hook-untested", "field-copied", "field-copied-wrong-function", "hook-copied-tested", "factory",
        "factory-wrong-value", "constructor-parameter", "constructor-parameter-wrong-kind"])
def test_verdicts_through_function_pointer_fields(tmp_path, src, expected):
    assert verdicts(tmp_path, CELL + src) == expected


def test_a_field_whose_address_is_taken_is_not_followed(tmp_path):
    src = CELL + """void release_plain(struct cell *c) { free(c); }
void set(void (**slot)(struct cell *)) { *slot = release_plain; }
int main(void) {
  struct cell *c = malloc(sizeof *c);
  set(&c->release);
  c->release(c);
  return 0;
}"""
    prog = lowered(tmp_path, src)
    assert any("function pointer field release" in why for _, why in prog.unsupported), prog.unsupported


def test_the_witness_names_the_function_a_field_holds(tmp_path):
    [f] = verify_files([written(tmp_path, CELL + FIELD.replace("FIRST", "release_checked"))],
                       VerifyOptions(("unreach-call",), concrete=False))
    [p] = f.properties
    assert p.verdict == "false"
    stores = " ".join(step.store for step in p.findings[0].witness)
    assert "release=release_checked" in stores and "release=release_plain" not in stores, stores
