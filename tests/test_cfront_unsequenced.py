"""Operands whose order C leaves open (the place and the value of ``=``, a call's arguments, the
operands of ``+``...): where one may write a variable another reads, or free or write memory another
reads, the lowering's one order is not every run, so the place is unsupported and the verdicts it
would decide are unknown.  gcc evaluates ``p->d``'s place before ``release(&p)`` and a call's
arguments right to left: both programs below use freed memory under gcc, where the left-to-right
order did not (memory safety was proved: a wrong true)."""

import pytest

from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files

ALL = ("memsafety", "memcleanup", "unreach-call")

PRELUDE = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int d; };
struct list { struct node *head; int len; };
int count;
static int release(struct node **pp) { struct node *n = *pp; *pp = n->next; free(n); return 5; }
static int drop(struct node *n) { free(n); return 1; }
static int sum(int a, int b) { return a + b; }
static int bump(void) { count++; return count; }
static int get(struct node *n) { return n->d; }
static struct node *create(int d) { struct node *n = malloc(sizeof *n); n->next = NULL; n->d = d; return n; }
static struct node *push(struct node *h, int d) { struct node *n = create(d); n->next = h; return n; }
static struct node *pop(struct node *h) { struct node *n = h->next; free(h); return n; }
static int ping(int k);
static int pong(int k) { if (k > 0) return ping(k - 1); count = 0; return 0; }
static int ping(int k) { return pong(k); }
int main(void) {
  struct node *p = create(1), *q = create(2);
  struct list *l = malloc(sizeof *l);
  l->head = NULL;
  p->next = q;
  BODY
  return 0;
}
"""


def flagged(tmp_path, body):
    path = tmp_path / "prog.c"
    path.write_text(PRELUDE.replace("BODY", body))
    return [(pos.line, what) for pos, what in lower_file(str(path)).unsupported if "order C leaves open" in what]


@pytest.mark.parametrize("body", [
    "p->d = release(&p);",                 # the place reads p, which the call writes
    "count = sum(p->d, release(&p));",     # an argument reads p, another writes it
    "count = sum(p->d, drop(p));",         # an argument reads p's cell, another frees it
    "count = p->next->d + drop(q);",       # an operand reads memory another frees
    "count = sum(count, bump());",         # a global the callee writes
    "count = sum(count, ping(3));",        # ... through mutual recursion
    "p->next->d = drop(q);",               # the place reads p->next, the value frees
    "p->next->next = p->next = q;",        # the place reads the field the value writes
    "count = p->d + (q->d = 3);",          # q may be p
    "count = p->d + (*q = *p, 1);",        # a whole cell written beside a field's read
])
def test_order_dependent_operands_are_unsupported(tmp_path, body):
    assert [line for line, _ in flagged(tmp_path, body)] == [22]


@pytest.mark.parametrize("body", [
    "l->head = push(l->head, 3);",         # the callee writes only the cell it makes
    "p->next = create(4);",
    "l->head = pop(l->head);",             # frees a cell the place does not read
    "p = pop(p);",                         # the place of a variable reads nothing
    "count = get(p) + get(q);",            # reads beside reads
    "count = sum(get(p), l->len);",
    "if (__VERIFIER_nondet_int() && release(&p)) count = p->d;",   # && sequences its operands
    "p->next->d = p->d = 1;",              # a chained store: reads next, writes d
    "p->next->next = p->next->d = 0;",
    "count = p->d + (q->next = NULL, 1);", # reads d beside a write of next
])
def test_independent_operands_are_lowered(tmp_path, body):
    assert flagged(tmp_path, body) == []


def test_the_verdicts_become_unknown(tmp_path):
    path = tmp_path / "prog.c"
    path.write_text(PRELUDE.replace("BODY", "p->d = release(&p); free(p); free(l);"))
    [f] = verify_files([str(path)], VerifyOptions(ALL, concrete=False))
    got = {p.name: p for p in f.properties}
    assert got["memsafety"].verdict == "unknown" and "order C leaves open" in got["memsafety"].reason
